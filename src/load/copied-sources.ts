import { syndicationDomainOf } from '../schema/sources.ts';
import type { UnlocatedProblem } from './cross-checks.ts';
import type { Content } from './records.ts';

/**
 * Reports whose main source is on a site that republishes others' work: not errors (sometimes the
 * copy is the only one left, and the report's body says so), but a contributor should look for the
 * original first, and a reviewer should see that they did.
 */
export function copiedSourceWarnings(content: Content): UnlocatedProblem[] {
  const warnings: UnlocatedProblem[] = [];
  for (const report of content.reports) {
    const url = report.frontmatter.source.url;
    const domain = url === undefined ? undefined : syndicationDomainOf(url);
    if (domain === undefined) continue;
    warnings.push({
      file: report.file,
      at: ['source', 'url'],
      field: 'source.url',
      message: `expected the original page (the agency's or newspaper's own article, or the operator's notice); got a copy on ${domain}, a site that republishes others' work (cite the original, or, if none can be found, name the copy as what it is, like "UrduPoint, reprinting AFP", and say so in the body; a warning: the content is valid)`,
    });
  }
  return warnings;
}
