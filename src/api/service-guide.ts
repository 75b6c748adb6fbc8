import { conditionExpiryDays, conditionMeanings, conditions } from '../schema/conditions.ts';
import { operationIds as op } from './api-operations.ts';
import { attributionLine, dataLicense } from '../domain/data-license.ts';

/**
 * How to read and cite the data, in words: the same sentences open the OpenAPI description, the
 * MCP server's instructions, llms.txt and the plugin manifest, so programs and people are told
 * one thing everywhere.
 */

export const serviceName = 'Landmark Condition Reports';

export const serviceSummary =
  'Open data on whether landmarks worldwide are closed, partially closed, under scaffolding, being refurbished, ' +
  'open with restrictions, or have their classic view blocked: dated reports from travellers and official sources, ' +
  'each with an explicit freshness.';

export const freshnessGuide =
  'Every report is a dated observation, not a permanent fact. Read its freshness instead of assuming a lifetime: ' +
  '`observedAt` is when it was seen, `lastConfirmedAt` the latest confirmation, `reportExpiryDays` how long a report ' +
  'of its condition is trusted after that, `from` the first day it applies (later than observedAt when it was announced ahead), ' +
  'and `currentUntil` the last day (UTC) it counts as current: the end its source stated (`until`, with `untilKind` announced ' +
  'or estimated), else the later of lastConfirmedAt and from, plus reportExpiryDays. `isCurrent` says whether it is in effect ' +
  '(from <= day <= currentUntil) on the day of the request, or on the day asked with `at=YYYY-MM-DD`; `isUpcoming` that it is ' +
  'announced to start later. A landmark\'s `currentCondition` is the most recently confirmed report in effect, else its most ' +
  'recently confirmed report with isCurrent false: then say when it was last seen rather than stating it as today\'s condition. ' +
  `To answer "is it open on a day or during a trip", use ${op.getLandmarkStatus}: it says open, affected or unknown, never open by default, ` +
  'with the report to cite, or, for a day open with no report in effect, the recent check of an official source that lists dated closures and none that day (`check`).';

/** Which operation to call for what, in the order an agent meets them. */
export const operationsGuide =
  `Find a landmark with ${op.searchLandmarks}, then read it with ${op.getLandmark}, or ask ${op.getLandmarkStatus} whether it is open on a day ` +
  `or a trip; for a trip to a place, ${op.listNearbyLandmarks} answers the same for every landmark within a radius of a point or a landmark, nearest first; ` +
  `${op.getReport} gives one report, ${op.listLandmarks} and ${op.getChanges} page through everything, and ` +
  `${op.listLandmarksToRecheck} names the popular landmarks with nothing known today.`;

export const citationGuide =
  'Cite the canonical URL of a landmark or report: `urls.html` in every response, the page at ' +
  '`/landmarks/<slug>` or `/reports/<id>` of this site. Credit the data as: ' +
  `${attributionLine}.`;

export const licenseGuide =
  `The data is open data under ${dataLicense.title} (${dataLicense.shortTitle}, ${dataLicense.url}): ` +
  `reuse it freely with attribution to "${dataLicense.attribution}" and a link to the canonical URL.`;

export const accessGuide =
  'The API is read-only: every operation is an HTTP GET, needs no account or key, answers JSON with ISO 8601 dates, ' +
  'allows cross-origin reads (CORS), and gives strong ETags. Errors are JSON: ' +
  '{"error": {"status", "code", "message", "parameter"?}}, where message says what to fix.';

/** The condition vocabulary as a Markdown table: value, meaning, expiry days. */
export function conditionTable(): string {
  return [
    '| condition | meaning | reportExpiryDays |',
    '|---|---|---|',
    ...conditions.map((condition) => `| \`${condition}\` | ${conditionMeanings[condition]} | ${conditionExpiryDays[condition]} |`),
  ].join('\n');
}
