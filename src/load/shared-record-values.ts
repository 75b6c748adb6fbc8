import { noItems, sharedStrings } from '../domain/shared-values.ts';
import type { FileOutcome } from './check-content-file.ts';

/**
 * Records reach the loader from a worker thread or the parse cache, each with its own copy of
 * every string, and the full load holds a million of them at once before the catalogue takes them
 * in: the build's peak. Their landmark slugs, days, conditions, source kinds and publishers repeat
 * across thousands of reports, and most have no confirmation, further source or problem. Held
 * once, the records of 10k landmarks / 100k realistic reports took 108 MB instead of 132, and the
 * load's peak 160 MB instead of 191.
 */
export function recordValueSharing(): (outcome: FileOutcome) => FileOutcome {
  const shared = sharedStrings();
  return (outcome) => {
    if (outcome.problems.length === 0) outcome.problems = noItems;
    const report = outcome.report;
    if (!report) return outcome;
    report.landmarkSlug = shared(report.landmarkSlug);
    const frontmatter = report.frontmatter;
    frontmatter.condition = shared(frontmatter.condition);
    frontmatter.observedAt = shared(frontmatter.observedAt);
    frontmatter.source.kind = shared(frontmatter.source.kind);
    if (frontmatter.source.name !== undefined) frontmatter.source.name = shared(frontmatter.source.name);
    if (frontmatter.from !== undefined) frontmatter.from = shared(frontmatter.from);
    if (frontmatter.until !== undefined) frontmatter.until = shared(frontmatter.until);
    if (frontmatter.untilKind !== undefined) frontmatter.untilKind = shared(frontmatter.untilKind);
    if (frontmatter.confirmations.length === 0) frontmatter.confirmations = noItems;
    else for (const confirmation of frontmatter.confirmations) confirmation.date = shared(confirmation.date);
    if (frontmatter.additionalSources.length === 0) frontmatter.additionalSources = noItems;
    else for (const citation of frontmatter.additionalSources) citation.name = shared(citation.name);
    return outcome;
  };
}
