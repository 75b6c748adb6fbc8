import type { LandmarkOrigin } from '../schema/landmark-frontmatter.ts';

/**
 * The open data files `npm run import-landmarks` reads, known by their header row, each with where
 * it comes from (the repository, file and commit its README names) and what its columns say.
 * A new kind of file is one more entry here.
 */
export interface LandmarkSeedFormat {
  name: string;
  /** The header row, exactly. */
  columns: readonly string[];
  /** The upstream file and commit; each landmark records it with its row's key. */
  origin: Omit<LandmarkOrigin, 'row'>;
  /** The column whose value identifies the row in the upstream file. */
  rowKey: string;
  /** The column holding the country codes the file states, and how to read them; none when it states none. */
  countries?: { column: string; read: (cell: string) => string[] };
  /** A region the file states (the UK's nations in the castles file). */
  region?: (row: ReadonlyMap<string, string>) => string | undefined;
  /** The column counting the Wikipedia language editions about the item, with the day they were read. */
  popularity?: { column: string; readOn: string };
  /**
   * Whether an entry may be an area around landmarks (a World Heritage "historic centre") rather
   * than a place a visitor looks up: skipped when a landmark already lies inside it.
   */
  mayBeArea: boolean;
}

/** The castles file gives the UK's nations as ISO 3166-2 codes; the country is GB and the nation its region. */
const ukNations: Readonly<Record<string, string>> = { 'GB-ENG': 'England', 'GB-SCT': 'Scotland', 'GB-WLS': 'Wales', 'GB-NIR': 'Northern Ireland' };

export const landmarkSeedFormats: readonly LandmarkSeedFormat[] = [
  {
    name: 'castles-and-palaces',
    columns: ['qid', 'name', 'category', 'iso', 'lat', 'lon', 'year', 'wikipedia', 'sitelinks', 'pageviews'],
    origin: { repository: 'Flightmussy/castlemap-dataset', path: 'castles.csv', commit: '735bc90ddfdbe13bfc78e6c8fdb385e6ddd2b7ce' },
    rowKey: 'qid',
    countries: { column: 'iso', read: (cell) => (ukNations[cell] ? ['GB'] : cell.trim() === '' ? [] : [cell.trim()]) },
    region: (row) => ukNations[row.get('iso') ?? ''],
    popularity: { column: 'sitelinks', readOn: '2026-07-19' },
    mayBeArea: false,
  },
  {
    name: 'world-heritage-sites',
    columns: ['whs_id', 'qid', 'name', 'category', 'lat', 'lon', 'iso_codes', 'date_inscribed', 'danger'],
    origin: {
      repository: 'emilyalcu/enriching-unesco-world-heritage-list-with-wikidata',
      path: 'unesco_enriched_cleaned_all.csv',
      commit: 'adc2a0fec52520263768757c20900937c9e91d00',
    },
    rowKey: 'whs_id',
    countries: { column: 'iso_codes', read: (cell) => cell.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean) },
    mayBeArea: true,
  },
  {
    name: 'tourist-attractions',
    columns: ['qid', 'name', 'lat', 'lon'],
    origin: { repository: 'rithmschool/numbers_api', path: 'wikidata/attractionsRawData.js', commit: 'e27ce0aeb3f5bd61b6da110764a91c4a1956e256' },
    rowKey: 'qid',
    mayBeArea: false,
  },
];

export const seedFormatOf = (columns: readonly string[]): LandmarkSeedFormat | undefined =>
  landmarkSeedFormats.find((format) => format.columns.length === columns.length && format.columns.every((column, index) => columns[index] === column));
