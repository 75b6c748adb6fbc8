import type {
  CatalogueLandmark,
  CatalogueReport,
  CheckedLandmarkDetail,
  ReportEvidence,
  StoredCurrentCondition,
  StoredLandmarkDetail,
  StoredLandmarkSummary,
  StoredReport,
} from '../schema/api.ts';
import { instantOf, toTimestamp } from '../schema/calendar.ts';
import type { LandmarkFrontmatter } from '../schema/landmark-frontmatter.ts';
import type { ReportFrontmatter } from '../schema/report-frontmatter.ts';
import type { SourceCheck } from '../schema/watch-checks.ts';
import { conditionTimelineOf, dayCountsOf } from './condition-timeline.ts';
import { freshnessOf } from './freshness.ts';
import { noItems, sharedDayCounts, sharedStrings, type DayCountPair } from './shared-values.ts';
import { keptReportLimit, keptReports } from './landmark-reports.ts';
import { checksInputText, DigestList, landmarkInputText, reportInputText, supersededInputText, type DigestFunction, type InputDigests } from './input-digests.ts';
import { applySupersession } from './supersession.ts';
import { positionOfId } from './report-positions.ts';
import { jsonArrayOf, jsonBytesOf, type Utf8Bytes } from './json-texts.ts';
import { datedClosureChecksOf, watchChecksOf } from './watch-checks.ts';
import { pageUrlsOf, reportUrlsOf, siteUrls, type SiteUrls } from './urls.ts';

/** A validated report, as the loader yields it. */
export interface ReportInput {
  id: string;
  landmarkSlug: string;
  frontmatter: ReportFrontmatter;
  /** The body, when the input holds it in memory (tests, generated catalogues); the loader's records leave it in the file. */
  details?: string | undefined;
  committedAt?: string | undefined;
  /** git's id of the report file's bytes, from which its input digest is taken. */
  blobId?: string | undefined;
}

/** Validated content, as the loader yields it. */
export interface CatalogueInput {
  landmarks: readonly { slug: string; frontmatter: LandmarkFrontmatter; description: string; blobId?: string | undefined }[];
  /** Iterated once, so a caller may hand over records it releases one by one (see build-site.ts). */
  reports: Iterable<ReportInput>;
  /** Wikidata id -> Wikipedia language editions, from content/popularity.yaml. */
  popularity?: ReadonlyMap<string, number>;
  /** content/watch/checks.yaml's last check of each watched source, by landmark slug then source key. */
  watchChecks?: Readonly<Record<string, Readonly<Record<string, SourceCheck>>>>;
  /** Given, and with a `blobId` for every landmark and report, the catalogue carries each record's input digest. */
  digest?: DigestFunction;
  /** Where the reports' bodies are read when a file holding them is written; without it, each report's `details`. */
  bodies?: ReportBodies;
}

/** A report's body (its details in Markdown), read when needed. */
export type ReportBodies = (report: { id: string; landmark: { slug: string } }) => string;

/** The evidence of the report at a position of the catalogue's reports, read when needed. */
export type ReportEvidenceAt = (position: number) => ReportEvidence;

/** Everything the site publishes, derived from content; nothing in it depends on the clock. */
export interface Catalogue {
  /** Sorted by slug, the key that list cursors walk. */
  landmarks: CatalogueLandmark[];
  /** Sorted by id. */
  reports: CatalogueReport[];
  /** Each report's body, for the files that publish it (publishedReport). */
  bodies: ReportBodies;
  /** Each report's sources and confirmations, by its position in `reports`, for the files that publish it (evidenceOf). */
  evidence: ReportEvidenceAt;
  /** The configured site URL that every canonical URL starts with. */
  siteUrl: string;
  /** What each record was made from, when the input said (see input-digests.ts). */
  inputDigests?: InputDigests;
  /**
   * Each report's published JSON text, when the build keeps them (src/emit/report-texts.ts): four
   * files publish every report (two downloads, its bucket, its landmark's), each of which made it.
   * Without, each is made when asked for.
   */
  reportJson?: ReportJson;
  /**
   * Texts the build makes once and reads back when another file asks for them again, when it
   * keeps them (src/emit/texts-made-once.ts): a landmark's entry in each level of the nearby index.
   */
  madeOnce?: TextsMadeOnce;
}

/**
 * The texts of one kind (the records of a kind of file) for `count` positions (of landmarks or
 * reports in the catalogue): each `make()`'s JSON as UTF-8 bytes (json-texts.ts), made the first
 * time a position is asked for and read back after.
 */
export type TextsMadeOnce = (kind: string, count: number) => (position: number, make: () => string) => Utf8Bytes;

/**
 * A report's published JSON text, JSON.stringify of publishedReport, as UTF-8 bytes (json-texts.ts);
 * `position`, its index in the catalogue's reports, when the caller knows it.
 */
export type ReportJson = (report: CatalogueReport, position?: number) => Utf8Bytes;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * Compares report positions, newest confirmation first; the first report gives a landmark its
 * current condition. Dates are parsed once per report, not in each of the sort's comparisons.
 */
function byMostRecentlyConfirmed(reports: readonly CatalogueReport[]) {
  const confirmed = Float64Array.from(reports, (report) => instantOf(report.lastConfirmedAt));
  const observed = Float64Array.from(reports, (report) => instantOf(report.observedAt));
  return {
    observed,
    compare: (a: number, b: number) => confirmed[b]! - confirmed[a]! || observed[b]! - observed[a]! || (reports[a]!.id < reports[b]!.id ? -1 : 1),
  };
}

function storeReport(input: ReportInput, landmark: StoredReport['landmark'], shared: ReturnType<typeof sharedStrings>): { report: CatalogueReport; evidence: ReportEvidence } {
  const { frontmatter } = input;
  // Fields named one by one: spreading the frontmatter and the freshness cloned two objects per report.
  const { condition, observedAt, confirmations, from, until, untilKind } = frontmatter;
  const freshness = freshnessOf({ condition, observedAt, confirmations, from, until });
  const { additionalSources } = frontmatter;
  const report: CatalogueReport = {
    id: input.id,
    landmark,
    condition: shared(condition),
    summary: frontmatter.summary,
    observedAt: shared(observedAt),
    lastConfirmedAt: shared(freshness.lastConfirmedAt),
    reportExpiryDays: freshness.reportExpiryDays,
    from: shared(freshness.from),
    currentUntil: shared(freshness.currentUntil),
    until: until === undefined ? null : shared(until),
    untilKind: until === undefined ? null : (untilKind ?? 'announced'),
    supersedes: frontmatter.supersedes ?? null,
    // Set, and currentUntil cut, by applySupersession once every report is stored.
    supersededBy: null,
    // Without git history, the latest date in the report is the best guess of its last change.
    updatedAt: shared(input.committedAt ?? toTimestamp(instantOf(freshness.lastConfirmedAt))),
  };
  const evidence: ReportEvidence = {
    confirmations: confirmations.length === 0 ? noItems : confirmations.map((confirmation) => ({ date: shared(confirmation.date), note: confirmation.note ?? null })),
    source: {
      kind: shared(frontmatter.source.kind),
      name: frontmatter.source.name === undefined ? null : shared(frontmatter.source.name),
      // Already URIs: the schema makes them so as it reads them (schema/web-address.ts).
      url: frontmatter.source.url ?? null,
    },
    additionalSources: additionalSources.length === 0 ? noItems : additionalSources,
  };
  return { report, evidence };
}

/** The one reference to a landmark that all of its reports share. */
export const landmarkReferenceOf = (slug: string, name: string, urls: SiteUrls): StoredReport['landmark'] => ({ slug, name, url: urls.landmarkPage(slug) });

export function conditionOf(report: CatalogueReport): StoredCurrentCondition {
  const { condition, id, summary, observedAt, lastConfirmedAt, reportExpiryDays, from, currentUntil, until, untilKind } = report;
  return { condition, reportId: id, summary, observedAt, lastConfirmedAt, reportExpiryDays, from, currentUntil, until, untilKind };
}

/** The observation date of the first of `positions` observed latest, given each position's instant. */
function latestObservedAt(reports: readonly CatalogueReport[], positions: readonly number[], observed: Float64Array): string | null {
  let latest: number | undefined;
  for (const position of positions) {
    if (latest === undefined || observed[position]! > observed[latest]!) latest = position;
  }
  return latest === undefined ? null : reports[latest]!.observedAt;
}

export function buildCatalogue(input: CatalogueInput, siteUrl: string): Catalogue {
  const urls = siteUrls(siteUrl);
  // One reference object per landmark, shared by its reports: a million reports would otherwise
  // hold a million copies of a few hundred thousand strings. Each report looks its landmark up once
  // and is counted among its reports there, rather than grouped by slug in a second pass.
  const bySlug = new Map(
    input.landmarks.map(({ slug, frontmatter, blobId }) => {
      const reference = landmarkReferenceOf(slug, frontmatter.name, urls);
      return [slug, { reference, blobId, positions: [] as number[] }];
    }),
  );
  const { digest } = input;
  let readDigests = digest && input.landmarks.every(({ blobId }) => blobId !== undefined) ? new DigestList() : undefined;
  const stored: CatalogueReport[] = [];
  // Each report's evidence as three lists by position rather than an object per report: the cold
  // build holds a million reports at its peak, and a million more objects would add to it.
  const confirmationLists: ReportEvidence['confirmations'][] = [];
  const sources: ReportEvidence['source'][] = [];
  const citationLists: ReportEvidence['additionalSources'][] = [];
  const heldBodies = input.bodies ? undefined : new Map<string, string>();
  const shared = sharedStrings();
  for (const report of input.reports) {
    const landmark = bySlug.get(report.landmarkSlug);
    if (!landmark) continue;
    if (report.details !== undefined) heldBodies?.set(report.id, report.details);
    landmark.positions.push(stored.length);
    const { report: record, evidence } = storeReport(report, landmark.reference, shared);
    stored.push(record);
    confirmationLists.push(evidence.confirmations);
    sources.push(evidence.source);
    citationLists.push(evidence.additionalSources);
    if (readDigests && report.blobId === undefined) readDigests = undefined;
    readDigests?.push(digest!(reportInputText(report, report.blobId!, landmark.blobId!)));
  }
  // The loader hands reports over in id order already; only other callers pay for sorting.
  const inOrder = stored.every((report, index) => index === 0 || stored[index - 1]!.id < report.id);
  const order = inOrder ? undefined : Uint32Array.from(stored.keys()).sort((a, b) => (stored[a]!.id < stored[b]!.id ? -1 : 1));
  const reports = order ? Array.from(order, (index) => stored[index]!) : stored;
  const inIdOrder = <T>(list: T[]) => (order ? Array.from(order, (index) => list[index]!) : list);
  const [confirmationsAt, sourceAt, citationsAt] = [inIdOrder(confirmationLists), inIdOrder(sources), inIdOrder(citationLists)];
  const evidence: ReportEvidenceAt = (position) => ({ confirmations: confirmationsAt[position]!, source: sourceAt[position]!, additionalSources: citationsAt[position]! });
  const reportDigests = order ? readDigests?.reordered(order) : readDigests;
  // A superseded report's published dates depend on the report that supersedes it.
  applySupersession(reports, reportDigests && ((older, newer) => reportDigests.replace(older, digest!(supersededInputText(reportDigests.at(older), reportDigests.at(newer))))));
  if (order) {
    // Positions were counted in the order given: each becomes the report's place in id order.
    const positionNow = new Uint32Array(order.length);
    order.forEach((before, now) => (positionNow[before] = now));
    for (const landmark of bySlug.values()) landmark.positions = landmark.positions.map((before) => positionNow[before]!).sort((a, b) => a - b);
  }

  const recency = byMostRecentlyConfirmed(reports);
  const dayCountPair = sharedDayCounts();
  const built = input.landmarks
    .map((landmark) => {
      const { frontmatter } = landmark;
      const ownIndexes = bySlug.get(landmark.slug)!.positions;
      const ownInOrder = [...ownIndexes].sort(recency.compare);
      const own = ownInOrder.map((index) => reports[index]!);
      const kept = own.length > keptReportLimit ? new Set(keptReports(own).map((report) => report.id)) : undefined;
      const conditionTimeline = conditionTimelineOf(own.map(conditionOf), kept && ((reportId) => kept.has(reportId)));
      const wikipediaEditions = input.popularity?.get(frontmatter.wikidata) ?? null;
      const watchChecks = watchChecksOf(frontmatter.watch, input.watchChecks?.[landmark.slug]);
      const detail = landmarkDetailOf(
        {
          slug: landmark.slug,
          name: frontmatter.name,
          aliases: frontmatter.aliases,
          location: {
            city: frontmatter.location.city ?? null,
            region: frontmatter.location.region ?? null,
            country: frontmatter.location.country,
            countryName: countryNames.of(frontmatter.location.country) ?? frontmatter.location.country,
          },
          coordinates: frontmatter.coordinates,
          wikidata: frontmatter.wikidata,
          wikipediaEditions,
          latestObservedAt: latestObservedAt(reports, ownInOrder, recency.observed),
          website: frontmatter.website ?? null,
          description: landmark.description,
          watchChecks,
        },
        own,
        conditionTimeline,
        urls,
        reportDaysOf(own, dayCountPair),
      );
      const inputDigest = reportDigests
        ? digest!(landmarkInputText(landmark.blobId!, landmark.slug, wikipediaEditions, ownIndexes.map((index) => reportDigests.at(index)), JSON.stringify(datedClosureChecksOf(watchChecks))))
        : undefined;
      const checksDigest = reportDigests ? digest!(checksInputText(JSON.stringify(watchChecks))) : undefined;
      return { detail, inputDigest, checksDigest };
    })
    .sort((a, b) => (a.detail.slug < b.detail.slug ? -1 : 1));

  const landmarks = built.map(({ detail }) => detail);
  const bodies: ReportBodies = input.bodies ?? ((report) => {
    const body = heldBodies!.get(report.id);
    // The loader's records leave bodies in their files: a catalogue of them must be given `bodies`.
    if (body === undefined) throw new Error(`the catalogue holds no body for the report ${report.id}: build it with the bodies of its content (reportBodiesIn)`);
    return body;
  });
  if (!reportDigests) return { landmarks, reports, bodies, evidence, siteUrl };
  const [landmarkDigests, checkDigests] = [new DigestList(built.length), new DigestList(built.length)];
  for (const { inputDigest, checksDigest } of built) {
    landmarkDigests.push(inputDigest!);
    checkDigests.push(checksDigest!);
  }
  return { landmarks, reports, bodies, evidence, siteUrl, inputDigests: { reports: reportDigests, landmarks: landmarkDigests, checks: checkDigests } };
}

/** What a landmark's detail holds besides what derives from its reports and the site's URLs. */
export type LandmarkOwnFields = Omit<CheckedLandmarkDetail, 'urls' | 'currentCondition' | 'reportCount' | 'reportDays' | 'conditionTimeline' | 'reports'>;

/**
 * A landmark's detail from its own fields, its reports (newest confirmation first), the
 * conditions of those that make its timeline (condition-timeline.ts) and its reports' day counts
 * (reportDaysOf). The one place the detail is put together, in the order its JSON is written: by
 * the build, and by the kept catalogue, which keeps only what cannot be derived (kept/catalogue.ts).
 */
export function landmarkDetailOf(own: LandmarkOwnFields, reports: CatalogueReport[], conditionTimeline: StoredCurrentCondition[], urls: SiteUrls, reportDays: CatalogueLandmark['reportDays']): CatalogueLandmark {
  return {
    slug: own.slug,
    name: own.name,
    aliases: own.aliases,
    location: own.location,
    coordinates: own.coordinates,
    wikidata: own.wikidata,
    wikipediaEditions: own.wikipediaEditions,
    latestObservedAt: own.latestObservedAt,
    urls: pageUrlsOf(urls.landmarkPage(own.slug), urls.landmarkJson(own.slug)),
    currentCondition: conditionTimeline[0] ?? null,
    reportCount: reports.length,
    // Counted before, not when first read: a getter in place of the value left 100k landmarks' details
    // in V8's slow dictionary form, and at a million reports the summaries made of them (twice per
    // build) then took 4 s of the build's thread, the collector included, where the counts take 1 s.
    reportDays,
    conditionTimeline,
    website: own.website,
    description: own.description,
    watchChecks: own.watchChecks,
    reports,
  };
}

/** A landmark's day counts of its reports' starts and ends (dayCountsOf), their pairs made by `pair`, which the landmarks of a catalogue share. */
export function reportDaysOf(reports: readonly CatalogueReport[], pair: DayCountPair): CatalogueLandmark['reportDays'] {
  return { from: dayCountsOf(reports.map((report) => report.from), pair), currentUntil: dayCountsOf(reports.map((report) => report.currentUntil), pair) };
}

/** What of a catalogue makes a report whole: its reports (to find one's place), evidence, bodies and site URL. */
export type PublishingCatalogue = Pick<Catalogue, 'reports' | 'evidence' | 'bodies' | 'siteUrl'>;

/** A report's evidence, from the catalogue: at `position` when the report is there, else at its id's place. */
export function evidenceOf(report: CatalogueReport, { reports, evidence }: Pick<Catalogue, 'reports' | 'evidence'>, position?: number): ReportEvidence {
  const at = position !== undefined && reports[position] === report ? position : positionOfId(reports, report.id);
  if (at === -1) throw new Error(`the catalogue holds no report ${report.id}, so no evidence of it`);
  return evidence(at);
}

/**
 * A report with its evidence and addresses, for what shows a report without its body (the feeds
 * of changes); keys in the order of the stored JSON (schema/api.ts).
 */
export function withUrls(report: CatalogueReport, catalogue: Pick<Catalogue, 'reports' | 'evidence' | 'siteUrl'>, position?: number): Omit<StoredReport, 'details'> {
  const { id, landmark, condition, summary, observedAt, lastConfirmedAt, reportExpiryDays, from, currentUntil, until, untilKind, supersedes, supersededBy, updatedAt } = report;
  const { confirmations, source, additionalSources } = evidenceOf(report, catalogue, position);
  const urls = reportUrlsOf(id, siteUrls(catalogue.siteUrl));
  return { id, landmark, condition, summary, observedAt, lastConfirmedAt, reportExpiryDays, from, currentUntil, confirmations, until, untilKind, supersedes, supersededBy, source, additionalSources, updatedAt, urls };
}

/**
 * A report as the API publishes it: its evidence and body read from the catalogue, its addresses
 * made from its id; keys in the order of the stored JSON (schema/api.ts), the body between the
 * further sources and the update time. `position`, its index in the catalogue's reports, when the
 * caller knows it.
 */
export function publishedReport(report: CatalogueReport, catalogue: PublishingCatalogue, position?: number): StoredReport {
  const { updatedAt, urls, ...before } = withUrls(report, catalogue, position);
  return { ...before, details: catalogue.bodies(report), updatedAt, urls };
}

/** The JSON text of publishedReport as UTF-8 bytes, made once per build when the catalogue keeps report texts. */
export function publishedReportJson(report: CatalogueReport, catalogue: PublishingCatalogue & Pick<Catalogue, 'reportJson'>, position?: number): Utf8Bytes {
  return catalogue.reportJson ? catalogue.reportJson(report, position) : jsonBytesOf(publishedReport(report, catalogue, position));
}

/**
 * The JSON text of publishedLandmark, with its reports' texts as publishedReportJson gives them.
 * `reports` is a detail's last key (landmarkDetailOf), so their texts end the landmark's; should
 * that ever change, the whole landmark is made as before.
 */
export function publishedLandmarkJson(landmark: CatalogueLandmark, catalogue: PublishingCatalogue & Pick<Catalogue, 'reportJson'>): Utf8Bytes {
  const placeholder = '"reports":0}';
  const { watchChecks: _watchChecks, ...stored } = landmark;
  const rest = jsonBytesOf({ ...stored, reports: 0 });
  if (!rest.endsWith(placeholder)) return jsonBytesOf(publishedLandmark(landmark, catalogue));
  return `${rest.slice(0, -placeholder.length)}"reports":${jsonArrayOf(landmark.reports.map((report) => publishedReportJson(report, catalogue)))}}` as Utf8Bytes;
}

/** A landmark as its bucket publishes it, with its reports as published; its checks are published apart (landmark-checks.ts). */
export function publishedLandmark(landmark: CatalogueLandmark, catalogue: PublishingCatalogue): StoredLandmarkDetail {
  const { watchChecks: _watchChecks, ...stored } = landmark;
  return { ...stored, reports: landmark.reports.map((report) => publishedReport(report, catalogue)) };
}

/** A landmark as its answers read it: as its bucket publishes it, with its checks (checked-landmark.ts reads the two). */
export function answeredLandmark(landmark: CatalogueLandmark, catalogue: PublishingCatalogue): CheckedLandmarkDetail {
  return { ...publishedLandmark(landmark, catalogue), watchChecks: landmark.watchChecks };
}

const summariesMade = new WeakMap<readonly CatalogueLandmark[], readonly StoredLandmarkSummary[]>();

/**
 * Every landmark's list entry, made once per list of landmarks (a catalogue's does not change):
 * the API data and the pages both take them all, 0.3 s each at 100,000 landmarks.
 */
export function summariesOf(landmarks: readonly CatalogueLandmark[]): readonly StoredLandmarkSummary[] {
  let summaries = summariesMade.get(landmarks);
  if (!summaries) summariesMade.set(landmarks, (summaries = landmarks.map(summaryOf)));
  return summaries;
}

/** The list entry of a landmark: its detail without the description and reports. */
export function summaryOf(landmark: CatalogueLandmark | CheckedLandmarkDetail | StoredLandmarkDetail): StoredLandmarkSummary {
  const { website: _website, description: _description, watchChecks: _watchChecks, reports: _reports, ...summary } = landmark as CatalogueLandmark | CheckedLandmarkDetail;
  return summary;
}
