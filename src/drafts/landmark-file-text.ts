import type { LandmarkOrigin } from '../schema/landmark-frontmatter.ts';
import { landmarkSchemaFile } from '../schema/schema-files.ts';
import { schemaModeline } from './modeline.ts';
import { yamlScalar } from './yaml-scalar.ts';

export interface LandmarkDraft {
  slug: string;
  name: string;
  aliases: string[];
  /** Left out (a commented line invites it) when not known: an import never guesses it. */
  city?: string | undefined;
  region?: string | undefined;
  country: string;
  /** Numbers when the input was one; the text as given otherwise, for the validator to point at. */
  lat: number | string;
  lon: number | string;
  wikidata: string;
  website?: string | undefined;
  /** Markdown description; when absent the body is only the guidance comment. */
  description?: string | undefined;
  /** The open data file an imported landmark was made from. */
  origin?: LandmarkOrigin | undefined;
}

export const landmarkFilePath = (slug: string): string => `content/landmarks/${slug}.md`;

const coordinate = (value: number | string): string => (typeof value === 'number' ? String(value) : yamlScalar(value, 'text'));

/** A new landmark file, commented like a new report (see reportFileText). */
export function landmarkFileText(draft: LandmarkDraft): string {
  const file = landmarkFilePath(draft.slug);
  const lines = [
    '---',
    schemaModeline(file, landmarkSchemaFile),
    '# A landmark. CONTRIBUTING.md explains every field; npm run validate checks the file.',
    '',
    '# The usual English name, with its diacritics.',
    `name: ${yamlScalar(draft.name, 'text')}`,
    '# Other names people search for: the native name, spellings without diacritics (optional).',
    ...(draft.aliases.length > 0
      ? ['aliases:', ...draft.aliases.map((alias) => `  - ${yamlScalar(alias, 'text')}`)]
      : ['# aliases:', '#   - "Native name"']),
    'location:',
    '  # City, town or nearest settlement (optional when not known).',
    draft.city ? `  city: ${yamlScalar(draft.city, 'text')}` : '  # city: "City"',
    '  # State, province or region (optional).',
    draft.region ? `  region: ${yamlScalar(draft.region, 'text')}` : '  # region: "Region"',
    '  # ISO 3166-1 alpha-2 country code in capitals, like FR or GB.',
    `  country: ${yamlScalar(draft.country)}`,
    '# Decimal degrees (WGS 84), as on the landmark\'s Wikidata or Wikipedia page.',
    'coordinates:',
    `  lat: ${coordinate(draft.lat)}`,
    `  lon: ${coordinate(draft.lon)}`,
    '# The Wikidata item id: the Q-number at the end of the landmark\'s Wikidata address.',
    `wikidata: ${yamlScalar(draft.wikidata)}`,
    '# The official website (optional).',
    draft.website ? `website: ${yamlScalar(draft.website)}` : '# website: https://example.org',
    '# Official sources npm run watch reads on a schedule (CONTRIBUTING.md, "Watching official sources"): Wikidata for every',
    '# landmark; add the operator\'s API, JSON-LD opening hours, calendar or news feed where there is one.',
    'watch:',
    '  - wikidata: {}',
    ...(draft.origin
      ? [
          '# Imported from this open data file by npm run import-landmarks; edit any field above as for any landmark.',
          'origin:',
          `  repository: ${yamlScalar(draft.origin.repository)}`,
          `  path: ${yamlScalar(draft.origin.path)}`,
          `  commit: ${yamlScalar(draft.origin.commit)}`,
          `  row: ${yamlScalar(draft.origin.row)}`,
        ]
      : []),
    '---',
    '<!--',
    'A short description (Markdown, one to three sentences): what the landmark is and where it is.',
    'This comment is not published; delete it when done.',
    '-->',
  ];
  if (draft.description) lines.push(draft.description.trim());
  return `${lines.join('\n')}\n`;
}
