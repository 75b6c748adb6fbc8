import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/load-content.ts';
import { reportBodiesIn } from '../../src/load/report-bodies.ts';
import { parseContentFiles } from '../../src/load/parse-files.ts';
import { blobIdOf } from '../../src/load/blob-ids.ts';
import { trickyBodyOf, validLandmark, validReport, writeContentTree } from '../support/content-files.ts';

const now = new Date('2026-11-20T12:00:00Z');


describe('the body spool of a build that parses in worker threads', () => {
  it('gives every report the body its file publishes, from the spool, and from the file once closed', async () => {
    // More files than the loader parses on its own thread, so that its workers parse and spool them.
    const reports = 2_100;
    const files: Record<string, string> = { 'content/landmarks/eiffel-tower.md': validLandmark() };
    const ids: string[] = [];
    for (let index = 0; index < reports; index++) {
      const id = `spool${index.toString(36).padStart(5, '0')}`;
      ids.push(id);
      const { text, crlf } = trickyBodyOf(index);
      const file = validReport().replace('Details.\n', text);
      files[`content/reports/eiffel-tower/${id}.md`] = crlf ? file.replace(/\n/g, '\r\n') : file;
    }
    const root = await writeContentTree(files);
    const spoolDir = path.join(root, '.cache');
    const { problems, content, bodySpool } = await loadContent({ root, now, readCommitTimes: false, bodySpoolDir: spoolDir });
    expect(problems).toEqual([]);
    expect(content.reports).toHaveLength(reports);
    expect(bodySpool).toBeDefined();
    // Unlinked as soon as opened: nothing is left to clean up, however the build ends.
    expect((await readdir(spoolDir)).filter((name) => name.includes('spool'))).toEqual([]);

    const fromFiles = reportBodiesIn(root);
    const askedFiles: string[] = [];
    const bodies = bodySpool!.bodies((report) => {
      askedFiles.push(report.id);
      return fromFiles(report);
    });
    const landmark = { slug: 'eiffel-tower' };
    for (const id of ids) expect(bodies({ id, landmark }), id).toBe(fromFiles({ id, landmark }));
    expect(bodies({ id: ids[4]!, landmark }).length).toBeGreaterThan(50_000);
    expect(askedFiles).toEqual([]);

    bodySpool!.close();
    expect(bodies({ id: ids[1]!, landmark })).toBe(`Closed in Tōkyō — café shut, 東京 1.`);
    expect(askedFiles).toEqual([ids[1]]);
  }, 60_000);

  it('gives each file its own outcome, blob id and body when the files are listed in another order than their ids', async () => {
    // Four landmarks' folders, each report's id chosen so that listing by folder interleaves the
    // ids: the workers get the files by name, and what they give back must still be each file's.
    const names = ['Arc de Triomphe', 'Eiffel Tower', 'Louvre Museum', 'Sacre Coeur'];
    const slugs = names.map((name) => name.toLowerCase().replaceAll(' ', '-'));
    const files: Record<string, string> = {};
    for (const [index, slug] of slugs.entries()) files[`content/landmarks/${slug}.md`] = validLandmark(names[index], `Q${100 + index}`);
    for (let index = 0; index < 2_100; index++) {
      const id = `order${(2_100 - index).toString(36).padStart(5, '0')}`;
      files[`content/reports/${slugs[index % slugs.length]}/${id}.md`] = validReport({ summary: `"Report ${id}."` }).replace('Details.\n', trickyBodyOf(index).text);
    }
    const root = await writeContentTree(files);
    const listed = Object.keys(files).sort();
    const { outcomes, blobIds, bodySpool } = await parseContentFiles(root, listed, { bodySpoolDir: path.join(root, '.cache') });
    expect(bodySpool).toBeDefined();
    const fromFiles = reportBodiesIn(root);
    const bodies = bodySpool!.bodies(() => {
      throw new Error('every body was expected in the spool');
    });
    listed.forEach((file, index) => {
      const { problems, report, landmark } = outcomes[index]!;
      expect(problems, file).toEqual([]);
      expect((report ?? landmark)?.file, file).toBe(file);
      expect(blobIds[index], file).toBe(blobIdOf(Buffer.from(files[file]!)));
      if (!report) return;
      expect(report.frontmatter.summary, file).toBe(`Report ${report.id}.`);
      expect(bodies({ id: report.id, landmark: { slug: report.landmarkSlug } }), file).toBe(fromFiles({ id: report.id, landmark: { slug: report.landmarkSlug } }));
    });
    bodySpool!.close();
  }, 60_000);
});
