import type { ReportDraft } from '../domain/report-draft.ts';
import { conditions } from '../schema/conditions.ts';
import { sourceKindMeanings } from '../schema/sources.ts';
import { reportSchemaFile } from '../schema/schema-files.ts';
import { schemaModeline } from './modeline.ts';
import { yamlScalar } from './yaml-scalar.ts';


export const reportFilePath = (landmarkSlug: string, id: string): string => `content/reports/${landmarkSlug}/${id}.md`;

/** Lines of a "# " comment, wrapped so the file reads well in a narrow editor or GitHub's web view. */
function comment(text: string, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && `${indent}# ${line} ${word}`.length > 100) {
      lines.push(`${indent}# ${line}`);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, `${indent}# ${line}`];
}

/**
 * A new report file: every field with a comment saying what goes there, optional fields left as
 * commented-out examples, and a body whose guidance is an HTML comment (not published).
 */
export function reportFileText(draft: ReportDraft): string {
  const file = reportFilePath(draft.landmarkSlug, draft.id);
  const optional = (field: string, value: string | undefined, example: string, indent = '') =>
    value === undefined || value === '' ? `${indent}# ${field}: ${example}` : `${indent}${field}: ${yamlScalar(value, field === 'name' ? 'text' : 'plain')}`;
  const lines = [
    '---',
    schemaModeline(file, reportSchemaFile),
    ...comment('A condition report. CONTRIBUTING.md explains every field; npm run validate checks the file.'),
    '',
    ...comment(`What was seen, one of: ${conditions.join(', ')}.`),
    `condition: ${yamlScalar(draft.condition)}`,
    ...comment('One line saying what is affected, as you would tell a fellow traveller.'),
    `summary: ${yamlScalar(draft.summary, 'text')}`,
    ...comment(`The day it was seen or announced, YYYY-MM-DD (or a time, like 2026-10-03T09:30:00Z). Later sightings are added with: npm run confirm -- ${draft.id}`),
    `observedAt: ${yamlScalar(draft.observedAt)}`,
    'source:',
    ...comment(`One of: ${Object.entries(sourceKindMeanings).map(([kind, meaning]) => `${kind}: ${meaning}`).join('; ')}.`, '  '),
    `  kind: ${yamlScalar(draft.source.kind)}`,
    ...comment('Who saw it or where it was published (optional).', '  '),
    optional('name', draft.source.name, '"Your name, a handle, or the publication"', '  '),
    ...comment('The page that documents what you report: the operator\'s notice or a news article from the time, never an encyclopedia (required for official and press reports).', '  '),
    optional('url', draft.source.url, 'https://example.org/announcement', '  '),
    ...(draft.source.itemId === undefined ? [] : [...comment('The watched source and its item (written by npm run watch; keep it, so the next run knows the item).', '  '), `  itemId: ${yamlScalar(draft.source.itemId, 'text')}`]),
    // A blank line ends the source block: without it, adding a confirmation (a YAML round trip)
    // would insert one here, changing a line the contributor did not touch.
    '',
    ...comment('More pages that support it (optional); an encyclopedia only as a permanent revision link (oldid=).'),
    '# additionalSources:',
    '#   - name: "The publication"',
    '#     url: https://example.org/article',
    ...comment('Announced ahead (optional): the first day the condition applies, when the source announced it before it began, like "closed from 2027-01-05".'),
    optional('from', draft.from, 'YYYY-MM-DD'),
    ...comment('The end the source stated at the time (optional), like "closed until 2026-12-01"; a reopening learned later is a new open report.'),
    optional('until', draft.until, 'YYYY-MM-DD'),
    ...comment('announced: the source gives that date; estimated: it says "around 2030" or "in spring" (write the last day of that period).'),
    optional('untilKind', draft.untilKind, 'estimated'),
    ...(draft.supersedes === undefined ? [] : [...comment('The earlier report this one updates: it stops counting from this one\'s first day.'), `supersedes: ${yamlScalar(draft.supersedes)}`]),
    '---',
    '<!--',
    'Details (optional, Markdown): what exactly is affected, what is still open or visible, how long',
    'it is expected to last, and how you know. This comment is not published; delete it when done.',
    '-->',
  ];
  if (draft.details) lines.push(draft.details.trim());
  return `${lines.join('\n')}\n`;
}
