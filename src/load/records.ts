import type { LandmarkFrontmatter } from '../schema/landmark-frontmatter.ts';
import type { ReportFrontmatter } from '../schema/report-frontmatter.ts';
// Records are plain data (no parser state), so that they can cross threads, be cached, and stay
// small when a catalogue holds a million of them.
interface Located {
  /** Path of the file relative to the repository root. */
  file: string;
  /**
   * git's id of the file's bytes, when the loader knows it (it always does with a parse cache):
   * the build reuses an output file made from records with the same ids (src/kept/output-files.ts).
   */
  blobId?: string;
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
  /**
   * The frontmatter only: the body (the details) stays in the file, read when a published file
   * holds it (report-bodies.ts). A million bodies would take a gigabyte of the build's heap.
   */
  frontmatter: ReportFrontmatter;
  /** Time of the last commit that touched the file, when git history is available. */
  committedAt?: string;
}

export interface Content {
  landmarks: LandmarkRecord[];
  reports: ReportRecord[];
}
