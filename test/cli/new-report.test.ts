import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadForCommand } from '../../src/cli/content-index.ts';
import { newReportCommand } from '../../src/cli/new-report-command.ts';
import { runScript } from '../support/build.ts';
import { copyOfBundledContent, now, recordedIo } from '../support/command-io.ts';
import { reportBodiesIn } from '../../src/load/report-bodies.ts';

const reportsOf = async (root: string, slug: string) => readdir(path.join(root, 'content/reports', slug)).catch(() => []);
const createdFile = (stdout: string) => /Created (content\/reports\/[a-z0-9-]+\/[a-z0-9]+\.md)/.exec(stdout)?.[1];

describe('npm run new-report with flags', () => {
  it('writes a report with a fresh id that validates, keeping the summary exactly as typed', async () => {
    const root = await copyOfBundledContent();
    const io = recordedIo();
    const summary = 'Scaffolding: north pillar wrapped in "netting" # not a comment';
    const code = await newReportCommand(['--landmark', 'eiffel-tower', '--condition', 'scaffolding', '--summary', summary, '--observed', '2026-11-19', '--source-name', 'Ana'], io, root);
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    const file = createdFile(io.stdout)!;
    expect(file).toMatch(/^content\/reports\/eiffel-tower\/[abcdefghjkmnpqrstuvwxyz23456789]{10}\.md$/);
    const text = await readFile(path.join(root, file), 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual(['---', '# yaml-language-server: $schema=../../../schemas/report-frontmatter.schema.json']);
    expect(text).toContain('# url: https://example.org/announcement');

    const { content, problems } = await loadForCommand(root, now);
    expect(problems).toEqual([]);
    const report = content.reports.find((candidate) => candidate.file === file)!;
    expect(report.frontmatter).toEqual({ condition: 'scaffolding', summary, observedAt: '2026-11-19', confirmations: [], source: { kind: 'traveller', name: 'Ana' }, additionalSources: [] });
    expect(reportBodiesIn(root)({ id: report.id, landmark: { slug: report.landmarkSlug } })).toBe('');
  });

  it('writes an official report with its link, end date and details', async () => {
    const root = await copyOfBundledContent();
    const io = recordedIo();
    const code = await newReportCommand(
      ['--landmark', 'eiffel-tower', '--condition', 'closed', '--summary', 'Closed for a strike.', '--observed', '2026-11-18', '--source-kind', 'official', '--source-url', 'https://www.toureiffel.paris/en/news', '--until', '2026-11-25', '--details', 'The operator announced it.'],
      io,
      root,
    );
    expect(code).toBe(0);
    const { content, problems } = await loadForCommand(root, now);
    expect(problems).toEqual([]);
    const report = content.reports.find((candidate) => candidate.file === createdFile(io.stdout))!;
    expect(report.frontmatter).toMatchObject({ source: { kind: 'official', url: 'https://www.toureiffel.paris/en/news' }, until: '2026-11-25' });
    expect(reportBodiesIn(root)({ id: report.id, landmark: { slug: report.landmarkSlug } })).toBe('The operator announced it.');
  });

  it('names the missing flags when nobody is at a terminal to ask, and writes nothing', async () => {
    const root = await copyOfBundledContent();
    const before = await reportsOf(root, 'eiffel-tower');
    const io = recordedIo();
    expect(await newReportCommand(['--landmark', 'eiffel-tower'], io, root)).toBe(1);
    expect(io.stderr.split('\n')[0]).toBe('missing --condition, --summary; nothing was written.');
    expect(await reportsOf(root, 'eiffel-tower')).toEqual(before);
  });

  it('refuses an unknown landmark, suggesting the nearest', async () => {
    const root = await copyOfBundledContent();
    const io = recordedIo();
    expect(await newReportCommand(['--landmark', 'eifel-tower', '--condition', 'closed', '--summary', 'Closed.'], io, root)).toBe(1);
    expect(io.stderr).toBe('--landmark: expected the slug of a landmark in content/landmarks/; got "eifel-tower" (did you mean "eiffel-tower"?); nothing was written.\n');
    expect(await reportsOf(root, 'eifel-tower')).toEqual([]);
  });

  it('refuses a path instead of a slug', async () => {
    const root = await copyOfBundledContent();
    const io = recordedIo();
    expect(await newReportCommand(['--landmark', '../../outside', '--condition', 'closed', '--summary', 'Closed.'], io, root)).toBe(1);
    expect(io.stderr).toMatch(/^--landmark: expected the slug of a landmark in content\/landmarks\/; got "..\/..\/outside"/);
  });

  it('reports every wrong value at once, by flag, with the validator\'s words, and writes nothing', async () => {
    const root = await copyOfBundledContent();
    const before = await reportsOf(root, 'eiffel-tower');
    const io = recordedIo();
    const code = await newReportCommand(['--landmark', 'eiffel-tower', '--condition', 'scafolding', '--summary', 'North pillar.', '--observed', '2025-02-30', '--source-kind', 'oficial'], io, root);
    expect(code).toBe(1);
    expect(io.stderr).toBe(
      [
        '--condition: expected one of open, closed, partially_closed, restricted_access, refurbishment, scaffolding, view_obstructed; got "scafolding" (did you mean "scaffolding"?)',
        '--observed: expected a real date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM:SSZ; got "2025-02-30"',
        '--source-kind: expected one of traveller, official, press; got "oficial" (did you mean "official"?)',
        'Nothing was written; fix the values above and run the command again.',
        '',
      ].join('\n'),
    );
    expect(await reportsOf(root, 'eiffel-tower')).toEqual(before);
  });

  it('applies the rules across files before writing: no future dates, official reports need a link', async () => {
    const root = await copyOfBundledContent();
    const io = recordedIo();
    const code = await newReportCommand(['--landmark', 'eiffel-tower', '--condition', 'closed', '--summary', 'Closed.', '--observed', '2027-01-01', '--source-kind', 'official'], io, root);
    expect(code).toBe(1);
    expect(io.stderr).toBe(
      [
        '--observed: expected a date not in the future (at most 2026-11-21, today in the earliest time zone); got "2027-01-01"',
        '--source-url: expected a source.url on an official report; got nothing (link the announcement so readers can check it)',
        'Nothing was written; fix the values above and run the command again.',
        '',
      ].join('\n'),
    );
  });

  it('suggests the flag meant by a mistyped one', async () => {
    const io = recordedIo();
    expect(await newReportCommand(['--conditon', 'closed'], io, await copyOfBundledContent())).toBe(2);
    expect(io.stderr.split('\n')[0]).toBe('unknown option --conditon (did you mean "--condition"?)');
  });
});

describe('npm run new-report at a terminal', () => {
  it('asks for what is missing, offering the nearest landmark and condition and today\'s date', async () => {
    const root = await copyOfBundledContent();
    const io = recordedIo({
      interactive: true,
      answers: [
        'eifel-tower', // mistyped: refused, "eiffel-tower" offered
        '', // Enter accepts the offer
        '6', // the sixth condition in the list: scaffolding
        'North pillar wrapped in netting.',
        '', // observed: today (default)
        '', // source: traveller (default)
        '', // no link
        '', // no name
        'Seen from the Champ de Mars.',
      ],
    });
    const code = await newReportCommand([], io, root);
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    expect(io.stdout).toContain('expected the slug of a landmark in content/landmarks/; got "eifel-tower" (did you mean "eiffel-tower"?)');
    expect(io.stdout).toContain('6. scaffolding        scaffolding, wrapping or netting on the structure');
    expect(io.stdout).toContain('Landmark (its slug, like eiffel-tower) [eiffel-tower]: ');
    const { content, problems } = await loadForCommand(root, now);
    expect(problems).toEqual([]);
    const report = content.reports.find((candidate) => candidate.file === createdFile(io.stdout))!;
    expect(report).toMatchObject({
      landmarkSlug: 'eiffel-tower',
      frontmatter: { condition: 'scaffolding', summary: 'North pillar wrapped in netting.', source: { kind: 'traveller' } },
    });
    expect(reportBodiesIn(root)({ id: report.id, landmark: { slug: report.landmarkSlug } })).toBe('Seen from the Champ de Mars.');
    expect(report.frontmatter.observedAt).toMatch(/^2026-11-2[01]$/);
  });

  it('asks again for a flag value that is wrong, and writes nothing when the answers stop', async () => {
    const root = await copyOfBundledContent();
    const before = await reportsOf(root, 'eiffel-tower');
    const io = recordedIo({ interactive: true, answers: [''] });
    const code = await newReportCommand(['--landmark', 'eiffel-tower', '--condition', 'clsoed'], io, root);
    expect(code).toBe(1);
    expect(io.stdout).toContain('--condition: expected one of open, closed, partially_closed, restricted_access, refurbishment, scaffolding, view_obstructed; got "clsoed" (did you mean "closed"?)');
    expect(io.stdout).toContain('Condition (name or number) [closed]: ');
    expect(io.stderr).toBe('\nstopped before every question was answered; nothing was written.\n');
    expect(await reportsOf(root, 'eiffel-tower')).toEqual(before);
  });
});

describe('the new-report script', () => {
  it('writes a file that npm run validate accepts', async () => {
    const root = await copyOfBundledContent();
    const created = await runScript('new-report.ts', ['--root', root, '--landmark', 'colosseum', '--condition', 'restricted_access', '--summary', 'Timed entry only.']);
    expect(created).toMatchObject({ code: 0, stderr: '' });
    expect(createdFile(created.stdout)).toMatch(/^content\/reports\/colosseum\//);
    expect(await runScript('validate.ts', ['--root', root])).toMatchObject({ code: 0 });
  });
});
