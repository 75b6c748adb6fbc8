import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { landmarkSlug as landmarkSlugSchema } from '../schema/landmark-frontmatter.ts';
import type { PopularityFile } from '../schema/popularity.ts';
import { countryCodes } from '../schema/country-codes.ts';
import { sovereignOf } from '../schema/dependent-territories.ts';
import { crossCheck } from '../load/cross-checks.ts';
import { checkContentFile } from '../load/check-content-file.ts';
import { countryAt, countryNear, hasCountryShape, isNearCountry } from '../load/country-shapes.ts';
import { readCsvTable, type CsvCell } from '../load/csv-table.ts';
import { locateProblems } from '../load/locate-problems.ts';
import { loadPopularity, popularityPath } from '../load/popularity.ts';
import { formatProblem, sortProblems, type Problem } from '../load/problem.ts';
import type { Content } from '../load/records.ts';
import { slugify } from '../load/slugify.ts';
import { landmarkFilePath, landmarkFileText, type LandmarkDraft } from '../drafts/landmark-file-text.ts';
import { popularityFileText } from '../drafts/popularity-file-text.ts';
import { loadForCommand } from './content-index.ts';
import { readCommandLine, type CommandIo } from './command-line.ts';
import { landmarkSeedFormats, seedFormatOf, type LandmarkSeedFormat } from './landmark-seed-formats.ts';
import { NearbyLandmarks } from './nearby-landmarks.ts';
import { notANameBecause } from './seed-labels.ts';
import { similarNames } from './similar-names.ts';

export const importLandmarksUsage = `usage: npm run import-landmarks -- <file.csv> [--min-sitelinks N] [--limit N] [--dry-run]
         [--same-place-metres M] [--area-metres M] [--list-skipped] [--root <dir>]
Writes content/landmarks/<slug>.md for each row of an open data file of places (one of the kinds
described in src/cli/landmark-seed-formats.ts, known by its header row) that the catalogue lacks, and
adds the file's Wikipedia edition counts, where it has them, to content/popularity.yaml.
  --min-sitelinks N      only rows about which at least N Wikipedia editions have an article (files with a sitelinks column)
  --limit N              write at most N landmarks, in the file's order
  --dry-run              write nothing; say what would be written and skipped
  --same-place-metres M  a landmark with a similar name within M metres is the same place (default 300)
  --area-metres M        a row that may be an area (a World Heritage site) with a landmark within M metres is skipped (default 5000)
  --list-skipped         list every skipped row with its reason, not only the first few of each reason
Importing the same file again changes nothing: rows whose Wikidata id is in the catalogue are skipped.`;

const options = {
  'min-sitelinks': { type: 'string' },
  limit: { type: 'string' },
  'dry-run': { type: 'boolean' },
  'same-place-metres': { type: 'string' },
  'area-metres': { type: 'string' },
  'list-skipped': { type: 'boolean' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Why a row made no landmark: a short key for the summary, and the sentence for the row's line. */
interface Skip {
  reason: string;
  cell: CsvCell;
  column: string;
  detail: string;
}

/** How the summary says why rows were skipped: "Skipped 3 row(s) <this>:". */
const skipReasons: Record<string, string> = {
  'no wikidata id': 'without a Wikidata id',
  'no coordinates': 'without coordinates',
  'below minimum': 'below --min-sitelinks',
  'not a name': 'whose label is not a name',
  'in catalogue': 'already in the catalogue (same Wikidata id)',
  'repeated': 'repeating an earlier row of the file',
  'no country': 'in no country that the shapes or the file can name',
  'other country': 'whose coordinates lie in another country than the file says',
  'same place': 'at the place of a landmark nearby with a similar name',
  'area': 'that may be an area around a landmark already in the catalogue',
  'no slug': 'with a name that makes no file name',
  'limit': 'beyond --limit',
};

const shownPerReason = 5;

/** A flag's whole number; a mistake is added to `mistakes` in the usage's words. */
function wholeNumber(value: string | undefined, flag: string, mistakes: string[]): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  mistakes.push(`${flag}: expected a whole number; got "${value}"`);
  return undefined;
}

/** `npm run import-landmarks`: see the usage above. Returns the exit code. */
export async function importLandmarksCommand(args: string[], io: CommandIo, defaultRoot: string): Promise<number> {
  const parsed = readCommandLine(args, options, importLandmarksUsage, io, true);
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  if (positionals.length !== 1) {
    io.errors.write(`expected one file to import; got ${positionals.length}\n${importLandmarksUsage}\n`);
    return 2;
  }
  const mistakes: string[] = [];
  const thresholds: Thresholds = {
    minSitelinks: wholeNumber(values['min-sitelinks'], '--min-sitelinks', mistakes),
    limit: wholeNumber(values.limit, '--limit', mistakes),
    samePlaceMetres: wholeNumber(values['same-place-metres'], '--same-place-metres', mistakes) ?? 300,
    areaMetres: wholeNumber(values['area-metres'], '--area-metres', mistakes) ?? 5000,
  };
  if (mistakes.length > 0) {
    io.errors.write(`${mistakes.join('\n')}\n${importLandmarksUsage}\n`);
    return 2;
  }
  const root = path.resolve(values.root ?? defaultRoot);
  const seedPath = path.resolve(positionals[0]!);
  // Problems name the file as it was given, as the validator names content files.
  const seedName = positionals[0]!;

  let text: string;
  try {
    text = await readFile(seedPath, 'utf8');
  } catch (error) {
    io.errors.write(`${seedName}: could not read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing was written.\n`);
    return 1;
  }
  const table = readCsvTable(seedName, text);
  const format = table.columns.length > 0 ? seedFormatOf(table.columns) : undefined;
  if (table.problems.length === 0 && !format) {
    const known = landmarkSeedFormats.map((known) => `${known.name} (${known.columns.join(',')})`).join('; ');
    table.problems.push({ file: seedName, line: 1, column: 1, field: 'columns', message: `expected the header row of a known file: ${known}; got ${table.columns.join(',')}` });
  }
  if (format && thresholds.minSitelinks !== undefined && !format.popularity) {
    io.errors.write(`--min-sitelinks: expected a file with a sitelinks column; ${seedName} (${format.name}) has none\n`);
    return 2;
  }
  const rows = format ? readRows(seedName, table.rows, format, table.problems) : [];
  if (table.problems.length > 0 || !format) {
    for (const problem of sortProblems(table.problems)) io.errors.write(`${formatProblem(problem)}\n`);
    io.errors.write(`${table.problems.length} problem(s) in ${seedName}; nothing was written.\n`);
    return 1;
  }

  const { content, problems: contentProblems } = await loadForCommand(root, io.now);
  if (contentProblems.length > 0) {
    io.errors.write(`content/ has ${contentProblems.length} problem(s); run npm run validate and fix them first. Nothing was written.\n`);
    return 1;
  }
  const popularity = await loadPopularity(root);
  if (popularity.problems.length > 0) {
    for (const problem of popularity.problems) io.errors.write(`${formatProblem(problem)}\n`);
    io.errors.write(`fix ${popularityPath} first; nothing was written.\n`);
    return 1;
  }

  const plan = planImport(rows, format, content, thresholds);
  const draftProblems = checkDrafts(content, plan.drafts, io.now);
  if (draftProblems.length > 0) {
    for (const problem of draftProblems) io.errors.write(`${formatProblem(problem)}\n`);
    io.errors.write(`${draftProblems.length} problem(s) in the landmark files this import would write; nothing was written.\n`);
    return 1;
  }

  const sitelinks = mergedSitelinks(popularity.sitelinks, plan.sitelinks);
  const popularityChanged = sitelinks.added > 0;
  if (!values['dry-run']) {
    for (const draft of plan.drafts) await writeFile(path.join(root, draft.file), draft.text, { flag: 'wx' });
    if (popularityChanged) {
      const readings = [...(popularity.retrievedAt ? [popularity.retrievedAt] : []), format.popularity!.readOn];
      const file: PopularityFile = { retrievedAt: readings.sort()[0]!, sitelinks: Object.fromEntries(sitelinks.counts) };
      await writeFile(path.join(root, popularityPath), popularityFileText(file));
    }
  }

  const verb = values['dry-run'] ? 'Would write' : 'Wrote';
  const countries = new Set(plan.drafts.map((draft) => draft.country));
  io.output.write(`${verb} ${plan.drafts.length} landmark file(s) in ${countries.size} countr${countries.size === 1 ? 'y' : 'ies'} from ${rows.length} row(s) of ${seedName} (${format.name}).\n`);
  const byReason = new Map<string, Skip[]>();
  for (const skip of plan.skipped) byReason.set(skip.reason, [...(byReason.get(skip.reason) ?? []), skip]);
  for (const [reason, skips] of byReason) {
    io.output.write(`Skipped ${skips.length} row(s) ${skipReasons[reason]}:\n`);
    const shown = values['list-skipped'] ? skips : skips.slice(0, shownPerReason);
    for (const skip of shown) io.output.write(`  ${seedName}:${skip.cell.line}:${skip.cell.column} ${skip.column}: ${skip.detail}\n`);
    if (shown.length < skips.length) io.output.write(`  … and ${skips.length - shown.length} more (--list-skipped lists them all)\n`);
  }
  if (format.popularity) {
    io.output.write(
      popularityChanged
        ? `${values['dry-run'] ? 'Would add' : 'Added'} ${sitelinks.added} Wikipedia edition count(s) to ${popularityPath}; its ${popularity.sitelinks.size} existing count(s) are kept.\n`
        : `${popularityPath} already has a count for every landmark of this file; unchanged.\n`,
    );
  }
  if (plan.drafts.length > 0 && !values['dry-run']) io.output.write('Run npm run validate to check the whole catalogue.\n');
  return 0;
}

/** A row read and checked: its cells as text, and where each is for pointing at it. */
interface SeedRow {
  cells: Map<string, CsvCell>;
  value: (column: string) => string;
  /** Undefined when the row gives no position. */
  lat: number | undefined;
  lon: number | undefined;
  sitelinks: number | undefined;
}

function readRows(file: string, tableRows: { line: number; cells: Map<string, CsvCell> }[], format: LandmarkSeedFormat, problems: Problem[]): SeedRow[] {
  const rows: SeedRow[] = [];
  for (const { cells } of tableRows) {
    const value = (column: string) => cells.get(column)!.text.trim();
    const problem = (column: string, expected: string) => {
      const cell = cells.get(column)!;
      problems.push({ file, line: cell.line, column: cell.column, field: column, message: `expected ${expected}; got ${JSON.stringify(cell.text)}` });
    };
    const before = problems.length;
    const qid = value('qid');
    if (qid !== '' && !/^Q[1-9]\d*$/.test(qid)) problem('qid', 'a Wikidata item id like "Q243", or nothing');
    const lat = Number(value('lat'));
    const lon = Number(value('lon'));
    // Both empty is a row without a position (skipped with its reason); anything else must be a number.
    const placed = value('lat') !== '' || value('lon') !== '';
    if (placed && (value('lat') === '' || !Number.isFinite(lat) || lat < -90 || lat > 90)) problem('lat', 'a latitude in decimal degrees, -90 to 90');
    if (placed && (value('lon') === '' || !Number.isFinite(lon) || lon < -180 || lon > 180)) problem('lon', 'a longitude in decimal degrees, -180 to 180');
    let sitelinks: number | undefined;
    if (format.popularity) {
      const count = value(format.popularity.column);
      if (/^\d+$/.test(count)) sitelinks = Number(count);
      else problem(format.popularity.column, 'a whole number of Wikipedia language editions');
    }
    if (problems.length === before) rows.push({ cells, value, lat: placed ? lat : undefined, lon: placed ? lon : undefined, sitelinks });
  }
  return rows;
}

interface PlannedDraft {
  file: string;
  text: string;
  country: string;
}

interface ImportPlan {
  drafts: PlannedDraft[];
  skipped: Skip[];
  /** Wikidata id -> the file's count, for every landmark of the file now in the catalogue. */
  sitelinks: Map<string, number>;
}

interface Thresholds {
  minSitelinks: number | undefined;
  limit: number | undefined;
  samePlaceMetres: number;
  areaMetres: number;
}

/** Decides, row by row in the file's order, which rows become landmarks and why the others do not. */
function planImport(rows: readonly SeedRow[], format: LandmarkSeedFormat, content: Content, thresholds: Thresholds): ImportPlan {
  const byWikidata = new Map(content.landmarks.map((landmark) => [landmark.frontmatter.wikidata, landmark.slug]));
  const slugs = new Set(content.landmarks.map((landmark) => landmark.slug));
  const nearby = new NearbyLandmarks();
  for (const landmark of content.landmarks) {
    nearby.add({ slug: landmark.slug, names: [landmark.frontmatter.name, ...landmark.frontmatter.aliases], ...landmark.frontmatter.coordinates });
  }
  const plan: ImportPlan = { drafts: [], skipped: [], sitelinks: new Map() };
  const seen = new Set<string>();
  for (const row of rows) {
    const skip = (reason: string, column: string, detail: string) => plan.skipped.push({ reason, cell: row.cells.get(column)!, column, detail });
    const qid = row.value('qid');
    const name = row.value('name');
    if (qid === '') {
      skip('no wikidata id', 'qid', `"${name}" has no Wikidata id, which every landmark needs`);
      continue;
    }
    if (row.lat === undefined || row.lon === undefined) {
      skip('no coordinates', 'lat', `"${name}" has no coordinates, which every landmark needs`);
      continue;
    }
    const point = { lat: row.lat, lon: row.lon };
    if (seen.has(qid)) {
      skip('repeated', 'qid', `${qid} is on an earlier row`);
      continue;
    }
    seen.add(qid);
    const existing = byWikidata.get(qid);
    if (existing !== undefined) {
      if (row.sitelinks !== undefined) plan.sitelinks.set(qid, row.sitelinks);
      skip('in catalogue', 'qid', `${qid} is ${landmarkFilePath(existing)}`);
      continue;
    }
    if (thresholds.minSitelinks !== undefined && row.sitelinks !== undefined && row.sitelinks < thresholds.minSitelinks) {
      skip('below minimum', format.popularity!.column, `"${name}" has ${row.sitelinks}, below ${thresholds.minSitelinks}`);
      continue;
    }
    const notAName = notANameBecause(name);
    if (notAName) {
      skip('not a name', 'name', `${notAName}: ${JSON.stringify(name)}`);
      continue;
    }
    const country = countryOf(row, point, format);
    if ('skip' in country) {
      skip(country.skip, country.column, `"${name}" at ${point.lat}, ${point.lon}: ${country.detail}`);
      continue;
    }
    const near = nearby.within(point, Math.max(thresholds.samePlaceMetres, format.mayBeArea ? thresholds.areaMetres : 0));
    const same = near.find(({ landmark, metres }) => metres <= thresholds.samePlaceMetres && landmark.names.some((other) => similarNames(name, other)));
    if (same) {
      skip('same place', 'name', `"${name}" is ${Math.round(same.metres)} m from ${landmarkFilePath(same.landmark.slug)} ("${same.landmark.names[0]}")`);
      continue;
    }
    if (format.mayBeArea && near.length > 0 && mayNameAnArea(name)) {
      const inside = near[0]!;
      skip('area', 'name', `"${name}" may be an area, and ${landmarkFilePath(inside.landmark.slug)} ("${inside.landmark.names[0]}") is ${Math.round(inside.metres)} m from its point`);
      continue;
    }
    const slug = slugFor(name, country.code, qid, slugs);
    if (slug === undefined) {
      skip('no slug', 'name', `"${name}" has no Latin letters or digits to make a file name from`);
      continue;
    }
    if (thresholds.limit !== undefined && plan.drafts.length >= thresholds.limit) {
      skip('limit', 'qid', `"${name}" (${qid}) is beyond the first ${thresholds.limit}`);
      continue;
    }
    const draft: LandmarkDraft = {
      slug,
      name,
      aliases: [],
      region: format.region?.(new Map([...row.cells].map(([column, cell]) => [column, cell.text]))),
      country: country.code,
      lat: point.lat,
      lon: point.lon,
      wikidata: qid,
      origin: { ...format.origin, row: row.value(format.rowKey) },
    };
    plan.drafts.push({ file: landmarkFilePath(slug), text: landmarkFileText(draft), country: country.code });
    if (row.sitelinks !== undefined) plan.sitelinks.set(qid, row.sitelinks);
    slugs.add(slug);
    byWikidata.set(qid, slug);
    nearby.add({ slug, names: [name], ...point });
  }
  return plan;
}

/**
 * Whether a name may be that of an area or a group of places rather than one building or sight:
 * "Historic Centre of Vienna", "Aranjuez Cultural Landscape", "Major Town Houses of … Horta",
 * "Fort and Shalamar Gardens", "Historic Sanctuary of Machu Picchu", "Kilimanjaro National Park";
 * not "Villa Tugendhat".
 */
const mayNameAnArea = (name: string): boolean =>
  /\b(and|centre|center|historic|historical|old town|old city|town|city|landscape|sites?|monuments|ensembles?|complex|quarter|district|area|zone|region|valley|route|works|buildings|houses|churches|ruins|cathedrals|palaces|castles|gardens|parks?|temples|mosques|monasteries|sanctuary|reserve|islands|lakes|caves|forests?|mountains)\b/i.test(name);

type CountryOutcome = { code: string } | { skip: string; column: string; detail: string };

/**
 * The row's country: the file's, when its point lies in that country's shape, within the shapes'
 * tolerance of it, or where no shape says otherwise; else the shape's, when the file names none;
 * never a choice between two that disagree (Crimea, Northern Cyprus, a row's mistake).
 */
function countryOf(row: SeedRow, { lat, lon }: { lat: number; lon: number }, format: LandmarkSeedFormat): CountryOutcome {
  const stated = format.countries?.read(row.value(format.countries.column)) ?? [];
  const column = format.countries?.column ?? 'lat';
  const unknown = stated.filter((code) => !countryCodes.has(code));
  // "XK" (Kosovo) and the like are codes some data sets use, not ISO 3166-1 ones a landmark can carry.
  if (unknown.length > 0) return { skip: 'no country', column, detail: `expected ISO 3166-1 alpha-2 codes; got ${unknown.map((code) => JSON.stringify(code)).join(', ')}` };
  const at = countryAt(lat, lon);
  const placed = at.kind === 'country' ? at.code : at.kind === 'none' ? countryNear(lat, lon) : undefined;
  if (stated.length === 0) {
    if (placed) return { code: placed };
    return at.kind === 'uncoded'
      ? { skip: 'no country', column, detail: `the point is in ${at.shapeName}, which has no ISO 3166-1 code` }
      : { skip: 'no country', column, detail: 'the point is in no country shape, nor within a few kilometres of exactly one' };
  }
  if (placed && (stated.includes(placed) || stated.includes(sovereignOf[placed] ?? ''))) return { code: placed };
  if (stated.length === 1) {
    const [code] = stated as [string];
    // The shapes lack some places (Gibraltar, Réunion…) and draw the smallest states coarsely.
    if (!hasCountryShape(code) || isNearCountry(lat, lon, code)) return { code };
    // An island the shapes leave out (Ven, Mull): no shape says otherwise, so the file's country stands.
    if (at.kind === 'none' && !placed) return { code };
  }
  const where = placed ?? (at.kind === 'uncoded' ? at.shapeName : 'no country');
  return { skip: 'other country', column, detail: `the file says ${stated.join(', ')}; the point is in ${where}` };
}

/** The file name for a name: its slug, else with the country, else with the Wikidata id, whichever is free first. */
function slugFor(name: string, country: string, qid: string, taken: ReadonlySet<string>): string | undefined {
  const base = slugify(name);
  if (base === '') return undefined;
  return [base, `${base}-${country.toLowerCase()}`, `${base}-${qid.toLowerCase()}`].find((slug) => !taken.has(slug) && landmarkSlugSchema.safeParse(slug).success);
}

/**
 * Every planned file checked as `npm run validate` would check it among the others: its own fields
 * and every rule across files, all at once (one check of the whole set, not one per file).
 */
function checkDrafts(content: Content, drafts: readonly PlannedDraft[], now: Date): Problem[] {
  const problems: Problem[] = [];
  const withDrafts: Content = { landmarks: [...content.landmarks], reports: content.reports };
  for (const draft of drafts) {
    const outcome = checkContentFile(draft.file, new TextEncoder().encode(draft.text));
    problems.push(...outcome.problems);
    if (outcome.landmark) withDrafts.landmarks.push(outcome.landmark);
  }
  const planned = new Map(drafts.map((draft) => [draft.file, draft.text]));
  const across = crossCheck(withDrafts, now).filter((problem) => planned.has(problem.file));
  return [...problems, ...locateProblems(across, (file) => new TextEncoder().encode(planned.get(file)!))];
}

/** The counts already in the popularity file, with the file's counts for landmarks that have none yet: never one dropped or replaced. */
function mergedSitelinks(existing: ReadonlyMap<string, number>, fromFile: ReadonlyMap<string, number>): { counts: Map<string, number>; added: number } {
  const counts = new Map(existing);
  let added = 0;
  for (const [qid, count] of fromFile) {
    if (counts.has(qid)) continue;
    counts.set(qid, count);
    added++;
  }
  return { counts, added };
}
