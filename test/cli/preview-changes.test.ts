import { execFile } from 'node:child_process';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { addDays, dayOfInstant } from '../../src/schema/calendar.ts';
import { runScript } from '../support/build.ts';
import { validLandmark, validReport, writeContentTree } from '../support/content-files.ts';

const run = promisify(execFile);
const git = (cwd: string, ...args: string[]) => run('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.org', ...args], { cwd });
const today = dayOfInstant(Date.now());

/** A repository with one landmark and an old report, committed: the pull request's base. */
async function baseRepository(): Promise<string> {
  const root = await writeContentTree({
    'content/landmarks/eiffel-tower.md': validLandmark(),
    'content/landmarks/big-ben.md': validLandmark('Big Ben', 'Q41225'),
    'content/reports/eiffel-tower/oldstrike1.md': validReport({ observedAt: '2024-01-05' }),
  });
  await git(root, 'init', '-q', '-b', 'main');
  await git(root, 'add', '.');
  await git(root, 'commit', '-q', '-m', 'base');
  return root;
}

describe('npm run preview-changes', () => {
  it('says how the pages of the landmarks a change touches will read today, with each new report\'s dates and freshness', async () => {
    const root = await baseRepository();
    await mkdir(path.join(root, 'content/reports/eiffel-tower'), { recursive: true });
    await writeFile(
      path.join(root, 'content/reports/eiffel-tower/newworks22.md'),
      validReport({ condition: 'scaffolding', summary: 'Scaffolding on the north pillar.', observedAt: addDays(today, -2), until: addDays(today, 100) }),
    );
    await writeFile(path.join(root, 'content/reports/eiffel-tower/aheadclose.md'), validReport({ observedAt: addDays(today, -1), from: addDays(today, 20), until: addDays(today, 25) }));
    const result = await runScript('preview-changes.ts', ['--base', 'HEAD', '--root', root]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`### How the pages will read on ${today}`);
    expect(result.stdout).toContain('#### Eiffel Tower');
    expect(result.stdout).not.toContain('Big Ben');
    expect(result.stdout).toContain('- **Leads with:** scaffolding (“Scaffolding on the north pillar.”');
    expect(result.stdout).toContain(`- **Announced ahead:** closed from ${addDays(today, 20)}`);
    expect(result.stdout).toMatch(/This pull request:\*\* “Scaffolding on the north pillar\.”: scaffolding, .*announced end .* \(\*\*in effect\*\* on that day\)/);
    expect(result.stdout).toContain(`(**announced, starts ${addDays(today, 20)}** on that day)`);
    expect(result.stdout).not.toContain('oldstrike1');
  });

  it('says when nothing under content/ changed, and refuses to run without a base', async () => {
    const root = await baseRepository();
    expect((await runScript('preview-changes.ts', ['--base', 'HEAD', '--root', root])).stdout).toBe('This pull request changes no landmark or report.\n');
    const missing = await runScript('preview-changes.ts', ['--root', root]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('expected --base');
  });
});
