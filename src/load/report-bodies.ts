import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReportBodies } from '../domain/catalogue.ts';
import { bodyOfContentFile } from './parse-frontmatter.ts';
import { formatProblem, startOfFile, type Problem } from './problem.ts';

/**
 * A thrown report body that could not be read again: its file was removed or broken after it was
 * checked, while the build ran. The build stops and publishes nothing rather than a report
 * without its details; running it again checks the file as it is now.
 */
export class BodyNotReadable extends Error {
  readonly problem: Problem;
  constructor(file: string, found: string) {
    const problem = { file, ...startOfFile, field: 'file', message: `expected to read the report's details again while the build ran; got ${found} (the file changed during the build: run it again)` };
    super(formatProblem(problem));
    this.problem = problem;
  }
}

/**
 * The bodies of the reports under `root`, read from their files when a published file holds them.
 * The catalogue keeps no bodies (CatalogueReport): at a million reports they were a gigabyte of the
 * build's heap, and a rebuild writes again only the files holding the reports that changed.
 */
export function reportBodiesIn(root: string): ReportBodies {
  return (report) => {
    const file = reportFileOf(report);
    let bytes: Uint8Array;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch (error) {
      throw new BodyNotReadable(file, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no file' : String(error));
    }
    const body = bodyOfContentFile(bytes);
    if (body === undefined) throw new BodyNotReadable(file, 'a file that no longer has valid frontmatter');
    return body;
  };
}

/** Where a report's file is, relative to the content root: its landmark's folder, its id. */
export const reportFileOf = ({ id, landmark }: Parameters<ReportBodies>[0]): string => `content/reports/${landmark.slug}/${id}.md`;
