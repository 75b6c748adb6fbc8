import type { LandmarkFrontmatter } from '../schema/landmark-frontmatter.ts';
import type { ReportFrontmatter } from '../schema/report-frontmatter.ts';
import type { Position } from './problem.ts';

interface Located {
  /** Path of the file relative to the repository root. */
  file: string;
  /** Where a frontmatter value starts, for problems found after parsing. */
  locate(path: readonly PropertyKey[]): Position;
}

export interface LandmarkRecord extends Located {
  slug: string;
  frontmatter: LandmarkFrontmatter;
  /** Markdown body: a short description. */
  description: string;
}

export interface ReportRecord extends Located {
  id: string;
  landmarkSlug: string;
  frontmatter: ReportFrontmatter;
  /** Markdown body: details of what was observed. */
  details: string;
  /** Time of the last commit that touched the file, when git history is available. */
  committedAt?: string;
}

export interface Content {
  landmarks: LandmarkRecord[];
  reports: ReportRecord[];
}
