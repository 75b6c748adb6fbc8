import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bodiesLeftBehind, readBodiesAhead, reportsWorthReadingAhead } from '../../src/load/body-reader.ts';
import { BodyNotReadable, reportBodiesIn } from '../../src/load/report-bodies.ts';
import { trickyBodyOf, validLandmark, validReport, writeContentTree } from '../support/content-files.ts';

/** A content tree of `count` reports of two landmarks, and the reports as the catalogue orders them (by id). */
async function tree(count: number) {
  const files: Record<string, string> = { 'content/landmarks/eiffel-tower.md': validLandmark(), 'content/landmarks/big-ben.md': validLandmark() };
  const reports: { id: string; landmark: { slug: string } }[] = [];
  for (let index = 0; index < count; index++) {
    const id = `ahead${index.toString(36).padStart(5, '0')}`;
    const landmark = { slug: index % 3 === 0 ? 'big-ben' : 'eiffel-tower' };
    reports.push({ id, landmark });
    const { text, crlf } = trickyBodyOf(index);
    const file = validReport().replace('Details.\n', text);
    files[`content/reports/${landmark.slug}/${id}.md`] = crlf ? file.replace(/\n/g, '\r\n') : file;
  }
  return { root: await writeContentTree(files), reports };
}

/**
 * A reader of a tree of enough reports to start the thread, each body as its file publishes it,
 * and the ids of the reports the reader read from their files, in the order it did.
 */
async function readerOfTree() {
  const { root, reports } = await tree(reportsWorthReadingAhead + 100);
  const fromFiles = reportBodiesIn(root);
  const expected = reports.map((report) => fromFiles(report));
  const asked: string[] = [];
  const reader = readBodiesAhead(root, reports, path.join(root, '.cache'), (report) => {
    asked.push(report.id);
    return fromFiles(report);
  });
  return { root, reports, expected, asked, reader };
}

describe('report bodies read ahead by a thread of their own', () => {
  it('gives every report the body its file publishes, from what the thread read, even once the files are gone', async () => {
    const { root, reports, expected, asked, reader: started } = await readerOfTree();
    expect(started).toBeDefined();
    const reader = started!;
    expect(await reader.readAhead).toBe(reports.length);
    // Read ahead: the files are no longer needed, and nothing is left of the scratch file in the folder.
    await rm(path.join(root, 'content', 'reports'), { recursive: true });
    expect((await readdir(path.join(root, '.cache'))).filter((name) => name.includes('bodies'))).toEqual([]);
    reports.forEach((report, index) => expect(reader.bodies(report), report.id).toBe(expected[index]));
    expect(expected[4]!.length).toBeGreaterThan(50_000);
    // Out of order, and a copy of a report found by its id.
    for (let index = reports.length - 1; index >= 0; index -= 7) expect(reader.bodies(reports[index]!)).toBe(expected[index]);
    expect(reader.bodies({ ...reports[1]! })).toBe(expected[1]);
    expect(asked).toEqual([]);
    // A report the catalogue does not hold, or once closed: read from its file, which is gone.
    expect(() => reader.bodies({ id: 'notkept01', landmark: { slug: 'big-ben' } })).toThrow(BodyNotReadable);
    reader.close();
    expect(() => reader.bodies(reports[1]!)).toThrow(BodyNotReadable);
    expect(asked).toEqual(['notkept01', reports[1]!.id]);
  }, 60_000);

  it('reads a body from its file, and says why it cannot, when the thread has not read it', async () => {
    const { root, reports } = await tree(reportsWorthReadingAhead + 100);
    // A report whose file broke after it was checked: the thread leaves it, and the build says so when it asks.
    const broken = reports[10]!;
    await writeFile(path.join(root, 'content', 'reports', broken.landmark.slug, `${broken.id}.md`), 'no frontmatter any more\n');
    const reader = readBodiesAhead(root, reports, path.join(root, '.cache'), reportBodiesIn(root))!;
    expect(await reader.readAhead).toBe(reports.length - 1);
    expect(reader.bodies(reports[9]!)).toBe(trickyBodyOf(9).text.trimEnd());
    expect(() => reader.bodies(broken)).toThrow(/no longer has valid frontmatter/);
    reader.close();
  }, 60_000);

  it('goes on well ahead of the build once the build has caught up with it, and leaves the bodies in between to their files', async () => {
    const { reports, expected, asked, reader: started } = await readerOfTree();
    const reader = started!;
    // Asked for before the thread has started: read from their files, as the build reads them when it catches up.
    const first = 10;
    for (let index = 0; index < first; index++) expect(reader.bodies(reports[index]!)).toBe(expected[index]);
    // The thread found the build there, and read only what comes after the next bodiesLeftBehind,
    // not every body after the build's last.
    expect(await reader.readAhead).toBe(reports.length - first - bodiesLeftBehind);
    asked.length = 0;
    reports.forEach((report, index) => expect(reader.bodies(report), report.id).toBe(expected[index]));
    expect(asked).toEqual(reports.slice(0, first + bodiesLeftBehind).map((report) => report.id));
    reader.close();
  }, 60_000);

  it('is not started for a few reports', async () => {
    const { root, reports } = await tree(20);
    expect(readBodiesAhead(root, reports, path.join(root, '.cache'), reportBodiesIn(root))).toBeUndefined();
  });
});
