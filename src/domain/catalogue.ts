import type {
  StoredCurrentCondition,
  StoredLandmarkDetail,
  StoredLandmarkSummary,
  StoredReport,
} from '../schema/api.ts';
import { instantOf, toTimestamp } from '../schema/calendar.ts';
import type { LandmarkFrontmatter } from '../schema/landmark-frontmatter.ts';
import type { ReportFrontmatter } from '../schema/report-frontmatter.ts';
import { conditionTimelineOf, dayCountsOf } from './condition-timeline.ts';
import { freshnessOf } from './freshness.ts';
import { keptReportLimit, keptReports } from './landmark-reports.ts';
import { DigestList, landmarkInputText, reportInputText, type DigestFunction, type InputDigests } from './input-digests.ts';
import { markdownTwin, siteUrls, type SiteUrls } from './urls.ts';

/** A validated report, as the loader yields it. */
export interface ReportInput {
  id: string;
  landmarkSlug: string;
  frontmatter: ReportFrontmatter;
  details: string;
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
  /** Given, and with a `blobId` for every landmark and report, the catalogue carries each record's input digest. */
  digest?: DigestFunction;
}

/** Everything the site publishes, derived from content; nothing in it depends on the clock. */
export interface Catalogue {
  /** Sorted by slug, the key that list cursors walk. */
  landmarks: StoredLandmarkDetail[];
  /** Sorted by id. */
  reports: StoredReport[];
  /** The configured site URL that every canonical URL starts with. */
  siteUrl: string;
  /** What each record was made from, when the input said (see input-digests.ts). */
  inputDigests?: InputDigests;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function pageUrlsOf(html: string, json: string) {
  return { html, json, markdown: markdownTwin(html) };
}

/**
 * Compares report positions, newest confirmation first; the first report gives a landmark its
 * current condition. Dates are parsed once per report, not in each of the sort's comparisons.
 */
function byMostRecentlyConfirmed(reports: readonly StoredReport[]) {
  const confirmed = Float64Array.from(reports, (report) => instantOf(report.lastConfirmedAt));
  const observed = Float64Array.from(reports, (report) => instantOf(report.observedAt));
  return {
    observed,
    compare: (a: number, b: number) => confirmed[b]! - confirmed[a]! || observed[b]! - observed[a]! || (reports[a]!.id < reports[b]!.id ? -1 : 1),
  };
}

/**
 * A link as an RFC 3986 URI: contributors paste addresses as browsers show them ("…/islas-galápagos"),
 * and clients of the API expect them percent-encoded, as the WHATWG URL serializer writes them.
 */
const asUri = (url: string): string => (/^[\x21-\x7e]*$/.test(url) ? url : new URL(url).href);

function storeReport(input: ReportInput, landmark: StoredReport['landmark'], urls: SiteUrls): StoredReport {
  const { frontmatter } = input;
  // Fields named one by one: spreading the frontmatter and the freshness cloned two objects per report.
  const { condition, observedAt, confirmations, from, until, untilKind } = frontmatter;
  const freshness = freshnessOf({ condition, observedAt, confirmations, from, until });
  return {
    id: input.id,
    landmark,
    condition,
    summary: frontmatter.summary,
    observedAt,
    lastConfirmedAt: freshness.lastConfirmedAt,
    reportExpiryDays: freshness.reportExpiryDays,
    from: freshness.from,
    currentUntil: freshness.currentUntil,
    confirmations: confirmations.map((confirmation) => ({ date: confirmation.date, note: confirmation.note ?? null })),
    until: until ?? null,
    untilKind: until === undefined ? null : (untilKind ?? 'announced'),
    source: { kind: frontmatter.source.kind, name: frontmatter.source.name ?? null, url: frontmatter.source.url === undefined ? null : asUri(frontmatter.source.url) },
    additionalSources: frontmatter.additionalSources.some((citation) => asUri(citation.url) !== citation.url)
      ? frontmatter.additionalSources.map((citation) => ({ ...citation, url: asUri(citation.url) }))
      : frontmatter.additionalSources,
    details: input.details,
    // Without git history, the latest date in the report is the best guess of its last change.
    updatedAt: input.committedAt ?? toTimestamp(instantOf(freshness.lastConfirmedAt)),
    urls: reportUrlsOf(input.id, urls),
  };
}

/** A report's own addresses, made from its id. */
export const reportUrlsOf = (id: string, urls: SiteUrls): StoredReport['urls'] => pageUrlsOf(urls.reportPage(id), urls.reportJson(id));

/** The one reference to a landmark that all of its reports share. */
const landmarkReferenceOf = (slug: string, name: string, urls: SiteUrls): StoredReport['landmark'] => ({ slug, name, url: urls.landmarkPage(slug) });

export function conditionOf(report: StoredReport): StoredCurrentCondition {
  const { condition, id, summary, observedAt, lastConfirmedAt, reportExpiryDays, from, currentUntil, until, untilKind } = report;
  return { condition, reportId: id, summary, observedAt, lastConfirmedAt, reportExpiryDays, from, currentUntil, until, untilKind };
}

/** The observation date of the first of `positions` observed latest, given each position's instant. */
function latestObservedAt(reports: readonly StoredReport[], positions: readonly number[], observed: Float64Array): string | null {
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
  const stored: StoredReport[] = [];
  for (const report of input.reports) {
    const landmark = bySlug.get(report.landmarkSlug);
    if (!landmark) continue;
    landmark.positions.push(stored.length);
    stored.push(storeReport(report, landmark.reference, urls));
    if (readDigests && report.blobId === undefined) readDigests = undefined;
    readDigests?.push(digest!(reportInputText(report, report.blobId!, landmark.blobId!)));
  }
  // The loader hands reports over in id order already; only other callers pay for sorting.
  const inOrder = stored.every((report, index) => index === 0 || stored[index - 1]!.id < report.id);
  const order = inOrder ? undefined : Uint32Array.from(stored.keys()).sort((a, b) => (stored[a]!.id < stored[b]!.id ? -1 : 1));
  const reports = order ? Array.from(order, (index) => stored[index]!) : stored;
  const reportDigests = order ? readDigests?.reordered(order) : readDigests;
  if (order) {
    // Positions were counted in the order given: each becomes the report's place in id order.
    const positionNow = new Uint32Array(order.length);
    order.forEach((before, now) => (positionNow[before] = now));
    for (const landmark of bySlug.values()) landmark.positions = landmark.positions.map((before) => positionNow[before]!).sort((a, b) => a - b);
  }

  const recency = byMostRecentlyConfirmed(reports);
  const built = input.landmarks
    .map((landmark) => {
      const { frontmatter } = landmark;
      const ownIndexes = bySlug.get(landmark.slug)!.positions;
      const ownInOrder = [...ownIndexes].sort(recency.compare);
      const own = ownInOrder.map((index) => reports[index]!);
      const kept = own.length > keptReportLimit ? new Set(keptReports(own).map((report) => report.id)) : undefined;
      const conditionTimeline = conditionTimelineOf(own.map(conditionOf), kept && ((reportId) => kept.has(reportId)));
      const wikipediaEditions = input.popularity?.get(frontmatter.wikidata) ?? null;
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
        },
        own,
        conditionTimeline,
        urls,
      );
      const inputDigest = reportDigests
        ? digest!(landmarkInputText(landmark.blobId!, landmark.slug, wikipediaEditions, ownIndexes.map((index) => reportDigests.at(index))))
        : undefined;
      return { detail, inputDigest };
    })
    .sort((a, b) => (a.detail.slug < b.detail.slug ? -1 : 1));

  const landmarks = built.map(({ detail }) => detail);
  if (!reportDigests) return { landmarks, reports, siteUrl };
  const landmarkDigests = new DigestList(built.length);
  for (const { inputDigest } of built) landmarkDigests.push(inputDigest!);
  return { landmarks, reports, siteUrl, inputDigests: { reports: reportDigests, landmarks: landmarkDigests } };
}

/** What a landmark's detail holds besides what derives from its reports and the site's URLs. */
export type LandmarkOwnFields = Omit<StoredLandmarkDetail, 'urls' | 'currentCondition' | 'reportCount' | 'reportDays' | 'conditionTimeline' | 'reports'>;

/**
 * A landmark's detail from its own fields, its reports (newest confirmation first) and the
 * conditions of those that make its timeline (condition-timeline.ts). The one place the detail is
 * put together, in the order its JSON is written: by the build, and by the kept catalogue, which
 * keeps only what cannot be derived (kept/catalogue.ts).
 */
export function landmarkDetailOf(own: LandmarkOwnFields, reports: StoredReport[], conditionTimeline: StoredCurrentCondition[], urls: SiteUrls): StoredLandmarkDetail {
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
    reportDays: { from: dayCountsOf(reports.map((report) => report.from)), currentUntil: dayCountsOf(reports.map((report) => report.currentUntil)) },
    conditionTimeline,
    website: own.website,
    description: own.description,
    reports,
  };
}

/** The list entry of a landmark: its detail without the description and reports. */
export function summaryOf(landmark: StoredLandmarkDetail): StoredLandmarkSummary {
  const { website: _website, description: _description, reports: _reports, ...summary } = landmark;
  return summary;
}
