import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { loadForCommand } from '../../src/cli/content-index.ts';
import { addConfirmation } from '../../src/drafts/add-confirmation.ts';
import { confirmCommand } from '../../src/cli/confirm-command.ts';
import { newReportCommand } from '../../src/cli/new-report-command.ts';
import { projectRoot, runScript } from '../support/build.ts';
import { copyOfBundledContent, now, recordedIo } from '../support/command-io.ts';

/** The lines of `after` that are not in `before`, provided every line of `before` is kept in order. */
function addedLines(before: string, after: string): string[] {
  const kept = before.split('\n');
  const added: string[] = [];
  let next = 0;
  for (const line of after.split('\n')) {
    if (next < kept.length && line === kept[next]) next++;
    else added.push(line);
  }
  expect(next, 'a line of the original was changed or dropped').toBe(kept.length);
  return added;
}

const report = 'content/reports/eiffel-tower/jzzyyqdygq.md'; // observed 2023-12-27, no confirmations yet

describe('adding a confirmation to a report', () => {
  it('adds only the confirmation lines to every bundled report, keeping comments, quoting and order', async () => {
    for (const file of await fg('content/reports/*/*.md', { cwd: projectRoot })) {
      const before = await readFile(path.join(projectRoot, file), 'utf8');
      const edited = addConfirmation(before, { date: '2026-11-20', note: 'Still: scaffolded' });
      if (!edited.ok) throw new Error(`${file}: ${edited.message}`);
      const added = addedLines(before, edited.text);
      expect(added.slice(-2), file).toEqual(['  - date: 2026-11-20', '    note: "Still: scaffolded"']);
    }
  });

  it('puts a first confirmation right after observedAt, and keeps Windows line ends', () => {
    const before = '---\r\n# a comment\r\ncondition: closed\r\nobservedAt: 2026-01-05 # seen at noon\r\nsource:\r\n  kind: traveller\r\n---\r\nBody.\r\n';
    const edited = addConfirmation(before, { date: '2026-01-07' });
    expect(edited).toEqual({
      ok: true,
      text: '---\r\n# a comment\r\ncondition: closed\r\nobservedAt: 2026-01-05 # seen at noon\r\nconfirmations:\r\n  - date: 2026-01-07\r\nsource:\r\n  kind: traveller\r\n---\r\nBody.\r\n',
    });
  });

  it('keeps the comments after a list of additional sources exactly where they were', () => {
    const before = '---\ncondition: closed\nobservedAt: 2026-01-05\nadditionalSources:\n  - url: https://example.org/a\n# until: YYYY-MM-DD\n---\nBody.\n';
    const edited = addConfirmation(before, { date: '2026-01-07' });
    expect(edited).toEqual({
      ok: true,
      text: '---\ncondition: closed\nobservedAt: 2026-01-05\nconfirmations:\n  - date: 2026-01-07\nadditionalSources:\n  - url: https://example.org/a\n# until: YYYY-MM-DD\n---\nBody.\n',
    });
  });
});

describe('npm run confirm', () => {
  it('adds a dated confirmation with a note, and the report still validates', async () => {
    const root = await copyOfBundledContent();
    const before = await readFile(path.join(root, report), 'utf8');
    const io = recordedIo();
    expect(await confirmCommand(['jzzyyqdygq', '--date', '2024-01-03', '--note', 'Open again? No: still shut.'], io, root)).toBe(0);
    expect(io.stdout).toContain(`Updated ${report}`);
    const after = await readFile(path.join(root, report), 'utf8');
    expect(addedLines(before, after)).toEqual(['confirmations:', '  - date: 2024-01-03', '    note: "Open again? No: still shut."']);
    const { content, problems } = await loadForCommand(root, now);
    expect(problems).toEqual([]);
    expect(content.reports.find((candidate) => candidate.id === 'jzzyyqdygq')!.frontmatter.confirmations).toEqual([{ date: '2024-01-03', note: 'Open again? No: still shut.' }]);
  });

  it('confirms a report written by new-report, under its comments', async () => {
    const root = await copyOfBundledContent();
    const created = recordedIo();
    await newReportCommand(['--landmark', 'big-ben', '--condition', 'scaffolding', '--summary', 'Clock face under scaffolding.', '--observed', '2026-11-01'], created, root);
    const id = /Report id: ([a-z0-9]+)/.exec(created.stdout)![1]!;
    const io = recordedIo();
    expect(await confirmCommand([id], io, root)).toBe(0);
    const { content, problems } = await loadForCommand(root, now);
    expect(problems).toEqual([]);
    const confirmed = content.reports.find((candidate) => candidate.id === id)!;
    expect(confirmed.frontmatter.confirmations).toHaveLength(1);
    // Only the confirmation's lines are new: the commented-out fields after source keep their place
    // and indentation (the round trip used to indent them into the source block).
    const written = (await readFile(path.join(root, confirmed.file), 'utf8')).split('\n');
    const scaffolded = written.filter((line) => !/^confirmations:$|^ {2}- date: /.test(line));
    expect(written.length - scaffolded.length).toBe(2);
    expect(written).toContain('# untilKind: estimated');
    expect(written[0]).toBe('---');
    expect(written[1]).toMatch(/^# yaml-language-server: \$schema=/);
  });

  it('refuses a date before the observation or in the future, leaving the file unchanged', async () => {
    const root = await copyOfBundledContent();
    const before = await readFile(path.join(root, report), 'utf8');
    const early = recordedIo();
    expect(await confirmCommand(['jzzyyqdygq', '--date', '2023-12-01'], early, root)).toBe(1);
    expect(early.stderr).toBe(
      `--date: expected a date on or after observedAt (2023-12-27); got "2023-12-01" (a confirmation comes after the observation)\nNothing was written; ${report} is unchanged.\n`,
    );
    const future = recordedIo();
    expect(await confirmCommand(['jzzyyqdygq', '--date', '2027-01-01'], future, root)).toBe(1);
    expect(future.stderr.split('\n')[0]).toBe('--date: expected a date not in the future (at most 2026-11-21, today in the earliest time zone); got "2027-01-01"');
    const impossible = recordedIo();
    expect(await confirmCommand(['jzzyyqdygq', '--date', '2024-02-30'], impossible, root)).toBe(1);
    expect(impossible.stderr.split('\n')[0]).toBe('--date: expected a real date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM:SSZ; got "2024-02-30"');
    expect(await readFile(path.join(root, report), 'utf8')).toBe(before);
  });

  it('suggests the nearest id for a mistyped one, and accepts a file path', async () => {
    const root = await copyOfBundledContent();
    const mistyped = recordedIo();
    expect(await confirmCommand(['jzzyyqdygg'], mistyped, root)).toBe(1);
    expect(mistyped.stderr).toBe('expected the id of a report in content/reports/; got "jzzyyqdygg" (did you mean "jzzyyqdygq"?). Nothing was written.\n');
    expect(await confirmCommand([report, '--date', '2024-01-03'], recordedIo(), root)).toBe(0);
  });

  it('asks for a report with problems to be fixed first', async () => {
    const root = await copyOfBundledContent();
    await writeFile(path.join(root, report), (await readFile(path.join(root, report), 'utf8')).replace('condition: closed', 'condition: clsoed'));
    const io = recordedIo();
    expect(await confirmCommand(['jzzyyqdygq'], io, root)).toBe(1);
    expect(io.stderr).toBe('report jzzyyqdygq has problems to fix first; run npm run validate to see them. Nothing was written.\n');
  });

  it('runs as a script', async () => {
    const root = await copyOfBundledContent();
    expect(await runScript('confirm.ts', ['jzzyyqdygq', '--root', root, '--date', '2024-01-03'])).toMatchObject({ code: 0, stderr: '' });
    expect(await runScript('validate.ts', ['--root', root])).toMatchObject({ code: 0 });
  });
});
