import path from 'node:path';
import fg from 'fast-glob';
import { loadContent } from '../load/load-content.ts';
import type { Content } from '../load/records.ts';

export interface ContentIndex {
  content: Content;
  /** Landmark slugs with a valid file, for did-you-mean. */
  landmarkSlugs: string[];
  /** Every report id with a file, valid or not: a new id must differ from all of them. */
  reportIds: Set<string>;
}

/** The content a scaffolding command checks a new file against. */
export async function indexContent(root: string, now: Date): Promise<ContentIndex> {
  const { content } = await loadContent({ root, now, readCommitTimes: false });
  const reportFiles = await fg('content/reports/*/*.md', { cwd: root, dot: true });
  return {
    content,
    landmarkSlugs: content.landmarks.map((landmark) => landmark.slug),
    reportIds: new Set(reportFiles.map((file) => path.posix.basename(file, '.md'))),
  };
}
