import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadContent } from '../../src/load/load-content.ts';
import { formatProblem } from '../../src/load/problem.ts';
import { conditionExpiryDays, conditionMeanings, conditions } from '../../src/schema/conditions.ts';
import { landmarkFrontmatter } from '../../src/schema/landmark-frontmatter.ts';
import { reportFrontmatter } from '../../src/schema/report-frontmatter.ts';
import { sourceKinds, syndicationDomains } from '../../src/schema/sources.ts';
import { projectRoot } from '../support/build.ts';
import { validLandmark, writeContentTree } from '../support/content-files.ts';
import { storeNames } from '../../src/kept/kept-store.ts';

const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');
const contributing = read('CONTRIBUTING.md');
const now = new Date('2026-11-20T12:00:00Z');

/** The fenced blocks of a Markdown text in a given language, without their indentation. */
function codeBlocks(markdown: string, language: string): string[] {
  const blocks: string[] = [];
  const pattern = new RegExp(`^( *)\`\`\`${language}\\n([\\s\\S]*?)^\\1\`\`\`$`, 'gm');
  for (const match of markdown.matchAll(pattern)) {
    const indent = match[1]!.length;
    blocks.push(match[2]!.split('\n').map((line) => line.slice(indent)).join('\n'));
  }
  return blocks;
}

/** Dotted names of every field an object schema accepts, nested ones included. */
function fieldNames(shape: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(shape).flatMap(([name, schema]) => {
    const inner = (schema as { shape?: Record<string, unknown> }).shape;
    return inner ? fieldNames(inner, `${prefix}${name}.`) : [`${prefix}${name}`];
  });
}

describe('CONTRIBUTING.md', () => {
  it('gives report examples that pass the validator, in the browser template and with a confirmation', async () => {
    const [example, template] = codeBlocks(contributing, 'markdown');
    const [confirmation] = codeBlocks(contributing, 'yaml');
    const withConfirmation = template!.replace(/^observedAt: .*$/m, confirmation!.trimEnd());
    const root = await writeContentTree({
      'content/landmarks/eiffel-tower.md': validLandmark(),
      'content/reports/eiffel-tower/q7mz3kd9wa.md': example!,
      'content/reports/eiffel-tower/k3x9m2p4qa.md': template!,
      'content/reports/eiffel-tower/m2n3p4q5rs.md': withConfirmation,
    });
    const { content, problems } = await loadContent({ root, now, readCommitTimes: false });
    expect(problems.map(formatProblem)).toEqual([]);
    expect(content.reports.map((report) => report.frontmatter.confirmations.length).sort()).toEqual([0, 0, 1]);
  });

  it('lists every condition with its meaning and expiry, and an example', () => {
    for (const condition of conditions) {
      const row = contributing.split('\n').find((line) => line.startsWith(`| \`${condition}\` |`));
      expect(row, condition).toBeDefined();
      const [, , meaning, days, example] = row!.split('|').map((cell) => cell.trim());
      expect(meaning).toBe(conditionMeanings[condition]);
      expect(days).toBe(`${conditionExpiryDays[condition]} days`);
      expect(example).toMatch(/^".+"$/);
    }
  });

  it('names exactly the republishing sites that npm run validate warns about', () => {
    const line = contributing.split('\n').find((text) => text.startsWith('Sites `npm run validate` warns about'));
    expect(line).toBeDefined();
    expect([...line!.matchAll(/`([a-z0-9-]+(?:\.[a-z0-9-]+)+)`/g)].map((match) => match[1]).sort()).toEqual([...syndicationDomains].sort());
  });

  it('explains every field of a report and of a landmark', () => {
    for (const field of [...fieldNames(reportFrontmatter.shape), ...fieldNames(landmarkFrontmatter.shape)]) {
      expect(contributing, field).toMatch(new RegExp(`^\\| [^\\n]*\`${field.replace('.', '\\.')}\``, 'm'));
    }
  });
});

describe('issue templates', () => {
  it('offer exactly the condition vocabulary', () => {
    const form = parse(read('.github/ISSUE_TEMPLATE/condition-report.yml')) as { body: { id?: string; attributes: { options?: string[] } }[] };
    expect(form.body.find((field) => field.id === 'condition')!.attributes.options).toEqual(conditions);
  });

  it('offer exactly the source kinds', () => {
    const form = parse(read('.github/ISSUE_TEMPLATE/condition-report.yml')) as { body: { id?: string; attributes: { options?: string[] } }[] };
    const offered = form.body.find((field) => field.id === 'source-kind')!.attributes.options!.map((option) => option.split(' ')[0]);
    expect(offered).toEqual(sourceKinds);
  });
});

type Workflow = { on: Record<string, unknown>; jobs: Record<string, { steps: { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, string> }[] }> };
const workflow = (name: string) => parse(read(`.github/workflows/${name}`)) as Workflow;
const steps = (flow: Workflow) => Object.values(flow.jobs).flatMap((job) => job.steps);

describe('GitHub Actions', () => {
  it('validate, test and build every pull request', () => {
    const flow = workflow('pull-request.yml');
    expect(flow.on).toHaveProperty('pull_request');
    const commands = steps(flow).map((step) => step.run);
    expect(commands).toEqual(expect.arrayContaining(['npm run validate', 'npm test', 'npm run build']));
  });

  it('comment how the changed pages will read, from a workflow that never runs the pull request\'s code', () => {
    const preview = workflow('pull-request.yml').jobs.preview!.steps;
    expect(preview.find((step) => step.uses?.startsWith('actions/checkout@'))!.with).toMatchObject({ 'fetch-depth': 0 });
    expect(preview.some((step) => step.run?.includes('npm run --silent preview-changes -- --base "$BASE"'))).toBe(true);
    const comment = workflow('pull-request-comment.yml');
    expect(comment.on).toMatchObject({ workflow_run: { workflows: ['Pull request'], types: ['completed'] } });
    const commentSteps = steps(comment);
    expect(commentSteps.some((step) => step.uses?.startsWith('actions/checkout@'))).toBe(false);
    expect(commentSteps.some((step) => step.run?.includes('npm'))).toBe(false);
  });

  it('deploy main with its full history, daily too, with secrets that the README names', () => {
    const flow = workflow('deploy.yml');
    expect(flow.on).toMatchObject({ push: { branches: ['main'] }, schedule: [{ cron: expect.any(String) }] });
    const all = steps(flow);
    expect(all.find((step) => step.uses?.startsWith('actions/checkout@'))!.with).toMatchObject({ 'fetch-depth': 0 });
    expect(all.map((step) => step.run)).toContain('npx wrangler deploy');
    // Every store the build keeps in .cache/ is restored, so that a deploy rebuilds only what changed.
    const restored = all.filter((step) => step.uses?.startsWith('actions/cache@')).map((step) => String(step.with?.path));
    expect(restored.sort()).toEqual(storeNames.map((store) => `.cache/${store}`).sort());
    const secrets = [...read('.github/workflows/deploy.yml').matchAll(/secrets\.([A-Z_]+)/g)].map((match) => match[1]!);
    expect(new Set(secrets)).toEqual(new Set(['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID']));
    const readme = read('README.md');
    for (const secret of secrets) expect(readme).toMatch(new RegExp(`^\\| \`${secret}\` \\| secret \\|`, 'm'));
  });
});
