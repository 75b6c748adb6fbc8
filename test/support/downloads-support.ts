import type { DatapackageFile, DatapackageResource } from '../../src/emit/downloads/datapackage.ts';

/**
 * Helpers for the bulk download tests: an RFC 4180 reader written independently of the writer, a
 * way back from flat columns to nested records, content whose names and texts are hard on CSV, and
 * each file datapackage.json describes.
 */

/** Each file of a resource as datapackage.json describes it: its parts when it is split, else the resource itself. */
export const describedFiles = (resource: DatapackageResource): DatapackageFile[] =>
  resource.parts ?? [{ path: resource.path as string, bytes: resource.bytes, hash: resource.hash! }];

export interface CsvField {
  text: string;
  /** A quoted empty field is an empty string; an unquoted one is null. */
  quoted: boolean;
}

/** Reads CSV as RFC 4180 defines it: CRLF or LF between records, quotes doubled inside quoted fields. */
export function parseCsv(text: string): CsvField[][] {
  const rows: CsvField[][] = [];
  let row: CsvField[] = [];
  let index = 0;
  const atRecordEnd = () => index >= text.length || text[index] === '\n' || text.startsWith('\r\n', index);
  while (index < text.length) {
    let field: CsvField;
    if (text[index] === '"') {
      let value = '';
      index++;
      for (;;) {
        if (index >= text.length) throw new Error('unterminated quoted field');
        if (text[index] === '"') {
          if (text[index + 1] === '"') {
            value += '"';
            index += 2;
            continue;
          }
          index++;
          break;
        }
        value += text[index++];
      }
      field = { text: value, quoted: true };
    } else {
      let end = index;
      while (end < text.length && text[end] !== ',' && text[end] !== '\n' && !text.startsWith('\r\n', end)) end++;
      field = { text: text.slice(index, end), quoted: false };
      if (field.text.includes('"') || field.text.includes('\r')) throw new Error(`bare quote or CR in unquoted field ${JSON.stringify(field.text)}`);
      index = end;
    }
    row.push(field);
    if (text[index] === ',') {
      index++;
      continue;
    }
    if (!atRecordEnd()) throw new Error(`expected a comma or the end of the record at ${index}, found ${JSON.stringify(text[index])}`);
    index += text.startsWith('\r\n', index) ? 2 : 1;
    rows.push(row);
    row = [];
  }
  return rows;
}

export interface ColumnType {
  name: string;
  type: string;
}

/**
 * Rebuilds nested records from flat rows: "location_city" is location.city, arrays were JSON text,
 * and an object whose every field is null was itself null (a landmark without a current condition).
 */
export function unflatten(columns: readonly ColumnType[], cells: readonly unknown[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  columns.forEach((column, index) => {
    let value = cells[index];
    if (typeof value === 'string' && column.type === 'array') value = JSON.parse(value);
    if (typeof value === 'string' && (column.type === 'integer' || column.type === 'number')) value = Number(value);
    const path = column.name.split('_');
    let target = record;
    for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
    target[path[path.length - 1]!] = value;
  });
  const nullEmptyObjects = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const entries = Object.entries(value).map(([key, inner]) => [key, nullEmptyObjects(inner)] as const);
    return entries.every(([, inner]) => inner === null) ? null : Object.fromEntries(entries);
  };
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, nullEmptyObjects(value)]));
}

/** CSV cells as values: unquoted empty is null, everything else its text (typed later by unflatten). */
export const csvCellValue = (field: CsvField): string | null => (field.text === '' && !field.quoted ? null : field.text);

const contentFile = (frontmatter: string, body: string) => `---\n${frontmatter.trim()}\n---\n${body}`;

/**
 * Landmarks and reports whose names, summaries and details hold commas, quotes, line breaks and
 * non-Latin scripts, plus a landmark without reports and an official report with an end date.
 */
export const awkwardContent: Record<string, string> = {
  'content/landmarks/todai-ji.md': contentFile(
    `
name: 'Tōdai-ji, "Great Eastern Temple"'
aliases:
  - 東大寺
  - "Todaiji, Nara"
location:
  city: Nara
  region: Nara Prefecture
  country: JP
coordinates:
  lat: 34.689
  lon: 135.8398
wikidata: Q51433
website: https://www.todaiji.or.jp/
`,
    'A Buddhist temple, "the Great Eastern Temple",\nwith the Daibutsu.\r\nSecond line, after a CRLF.\n',
  ),
  'content/landmarks/acropolis-test.md': contentFile(
    `
name: Ακρόπολη Αθηνών
aliases: ['Acropolis, Athens', "Akropolis \\"the high city\\""]
location:
  city: Αθήνα
  country: GR
coordinates:
  lat: 37.9715
  lon: 23.7257
wikidata: Q131013
`,
    'Ancient citadel; columns, "quotes" and commas.\n',
  ),
  'content/landmarks/quiet-mosque.md': contentFile(
    `
name: "مسجد هادئ, \\"quiet\\""
location:
  city: القاهرة
  country: EG
coordinates:
  lat: 30.0459
  lon: 31.2243
wikidata: Q1000002
`,
    '',
  ),
  'content/reports/todai-ji/quote01rep.md': contentFile(
    `
condition: scaffolding
summary: 'Scaffolding, nets and a "temporary roof" over the hall, 大仏殿'
observedAt: 2026-01-10
confirmations:
  - date: 2026-01-20
    note: "Still there, \\"as before\\",\\nand growing."
source:
  kind: traveller
  name: 'Yui, "a visitor"'
`,
    'First line, with a comma.\n\n"Quoted" second paragraph;\r\nCRLF line and a trailing space \n',
  ),
  'content/reports/todai-ji/offi02rep.md': contentFile(
    `
condition: closed
summary: Closed for a ceremony — 閉館
observedAt: 2026-02-01T09:30:00Z
source:
  kind: official
  name: Tōdai-ji office
  url: https://www.todaiji.or.jp/news?a=1&b=2
until: 2026-02-03
`,
    'Closed all day.\n',
  ),
  'content/reports/acropolis-test/heat03rep.md': contentFile(
    `
condition: restricted_access
summary: "Κλειστό 12:00–17:00, heatwave; \\"temporary\\""
observedAt: 2025-07-09
source:
  kind: official
  name: 'Υπουργείο Πολιτισμού, "Ανακοίνωση"'
  url: https://culture.example/news?id=1&lang=el
additionalSources:
  - name: 'Wikipedia, "Acropolis of Athens", a revision'
    url: https://en.wikipedia.org/w/index.php?title=Acropolis_of_Athens&oldid=1234567
`,
    'Ἀκρόπολις: closed in the afternoon, "for safety".\n',
  ),
};
