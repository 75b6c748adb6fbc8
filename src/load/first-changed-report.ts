import { reportFile } from './check-content-file.ts';

/**
 * The least id among the reports whose files changed, when those files are all that changed: no
 * report row before it in id order changes, but for one a changed report supersedes (its
 * `supersededBy`), which only the report's frontmatter names. Undefined when another file changed
 * too: an edited landmark changes its reports' rows (they carry its name), popularity.yaml every
 * landmark's. A hint, as good as the paths git names: the downloads are still made from the
 * catalogue, whatever it says.
 */
export function firstChangedReport(changed: readonly string[]): string | undefined {
  let first: string | undefined;
  for (const file of changed) {
    const id = reportFile.exec(file)?.[2];
    if (id === undefined) return undefined;
    if (first === undefined || id < first) first = id;
  }
  return first;
}
