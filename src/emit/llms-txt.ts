import { apiOperations, fillPath, operationOrder, pathParameterNames, type ApiOperation } from '../api/api-operations.ts';
import { dataLicense } from '../domain/data-license.ts';
import { downloadPaths } from '../formats/download-resources.ts';
import { entryPoints } from '../api/entry-points.ts';
import { accessGuide, citationGuide, conditionTable, freshnessGuide, licenseGuide, serviceName, serviceSummary } from '../api/service-guide.ts';
import { siteUrls, type SiteUrls } from '../domain/urls.ts';
import type { OpenApiDocument } from './openapi.ts';
import type { ApiExamples } from './openapi-examples.ts';

/**
 * /llms.txt (https://llmstxt.org): an H1, a blockquote summary, notes, and H2 lists of links, the
 * last one "Optional". /llms-full.txt: the whole API guide inline. Both are generated from the
 * operation table, the OpenAPI document and the catalogue's examples, like everything else that
 * describes the API, and every link in them is a page or file the site serves.
 */

export interface GuideInput {
  siteUrl: string;
  document: OpenApiDocument;
  examples: ApiExamples | undefined;
}

interface ParameterObject {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: Record<string, unknown>;
}

const parametersOf = (document: OpenApiDocument, operation: ApiOperation) =>
  (document.paths[operation.path]!.get.parameters ?? []) as ParameterObject[];

/** "integer, 1 to 1000, default 500" */
function parameterLimits({ schema }: ParameterObject): string {
  const parts = [String(schema.type ?? 'string')];
  if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`${schema.minimum} to ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.maxLength !== undefined) parts.push(`${schema.minLength} to ${schema.maxLength} characters`);
  else if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  if (schema.pattern !== undefined) parts.push(`matching ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${schema.default}`);
  return parts.join(', ');
}

/** The example request of an operation as an absolute URL, or undefined when the data has none. */
function exampleUrl(urls: SiteUrls, operation: ApiOperation, examples: ApiExamples | undefined): string | undefined {
  const parameters = examples?.operations[operation.operationId]?.parameters;
  // Without data to take an example from, only an operation that needs no argument gets a link.
  if (!parameters && !operation.input.safeParse({}).success) return undefined;
  const inPath = pathParameterNames(operation.path);
  const values = Object.fromEntries(Object.entries(parameters ?? {}).map(([name, value]) => [name, String(value)]));
  const query = new URLSearchParams(Object.entries(values).filter(([name]) => !inPath.includes(name)));
  const search = query.size > 0 ? `?${query}` : '';
  return urls.absolute(`${fillPath(operation.path, values)}${search}`);
}

/** `GET /api/public/v1/search?q=…` */
function requestLine(document: OpenApiDocument, operation: ApiOperation): string {
  const query = parametersOf(document, operation)
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => `${parameter.name}=…`);
  return `GET ${operation.path}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

function operationLink(input: GuideInput, urls: SiteUrls, operation: ApiOperation): string {
  const parameters = parametersOf(input.document, operation)
    .map((parameter) => `\`${parameter.name}\`${parameter.required ? '' : ' (optional)'}: ${parameterLimits(parameter)}`)
    .join('; ');
  const example = exampleUrl(urls, operation, input.examples);
  const title = example ? `[${operation.title}](${example})` : operation.title;
  return `- ${title}: \`${requestLine(input.document, operation)}\`. ${operation.summary}${parameters ? ` Parameters: ${parameters}.` : ''}`;
}

export function llmsTxt(input: GuideInput): string {
  const urls = siteUrls(input.siteUrl);
  const landmark = input.examples?.landmark;
  const lines = [
    `# ${serviceName}`,
    '',
    `> ${serviceSummary} A read-only JSON API with no key, an MCP server, bulk downloads, and a Markdown twin of every page; open data under ${dataLicense.shortTitle}.`,
    '',
    `Freshness: ${freshnessGuide}`,
    '',
    `Citing: ${citationGuide}`,
    '',
    `Conditions and how long a report of each stays current after its last confirmation:`,
    '',
    conditionTable(),
    '',
    `Access: ${accessGuide}`,
    '',
    `License: ${licenseGuide}`,
    '',
    '## API',
    '',
    `Base URL: ${urls.absolute('')}. Each link is an example request with this site's data.`,
    '',
    ...operationOrder.map((operationId) => operationLink(input, urls, apiOperations[operationId])),
    '',
    '## For programs and AI agents',
    '',
    `- [OpenAPI 3.1 description](${urls.absolute(entryPoints.openApi)}): every operation, parameter limit and response schema, with examples.`,
    `- MCP server: \`${urls.absolute(entryPoints.mcp)}\` (Model Context Protocol, Streamable HTTP, stateless; POST only). Read-only tools named after the operations: ${operationOrder.map((id) => `\`${id}\``).join(', ')}.`,
    `- [Plugin manifest](${urls.absolute(entryPoints.aiPlugin)}): points at the OpenAPI description.`,
    landmark
      ? `- [Markdown twin of a landmark page](${landmark.urls.markdown}): every landmark and report page has one at its URL + \`.md\`; the page itself answers \`Accept: text/markdown\` with it.`
      : '- Markdown twins: every landmark and report page has one at its URL + `.md`; the page itself answers `Accept: text/markdown` with it.',
  ];
  if (landmark) {
    lines.push(
      `- [A landmark page](${landmark.urls.html}): the canonical URL to cite.`,
      `- [Calendar of a place](${urls.absolute(`/nearby.ics?near=${landmark.slug}&radius=10`)}): \`/nearby.ics?near=<slug>&radius=<km>\` (or \`lat\` and \`lon\`), one event per announced period of the landmarks in the circle, its UID the report id.`,
    );
  }
  lines.push(
    '',
    '## Optional',
    '',
    `- [The whole API guide in one file](${urls.absolute(entryPoints.llmsFull)}): every operation with its parameters, an example response, errors and every response field.`,
    `- [Bulk downloads](${urls.absolute(downloadPaths.page)}): every landmark and report as CSV, NDJSON, JSON and SQLite, and every landmark as a GeoJSON point with its current condition, for maps and GIS tools.`,
    `- [Data package](${urls.absolute(downloadPaths.datapackage)}): the downloads described as a Frictionless Data Package.`,
    `- [Feed of changes](${urls.absolute(downloadPaths.changesFeed)}): the latest updated reports, as Atom.`,
    `- [About this site](${urls.absolute(entryPoints.about)}): who runs it, how reports are reviewed, terms.`,
    `- [${dataLicense.title}](${dataLicense.url}): the license of the data.`,
    '',
  );
  return lines.join('\n');
}

type JsonSchema = Record<string, unknown>;

/** A schema in words: "string", "Report[]", "CurrentCondition or null". */
function typeInWords(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop()!;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeInWords).join(' or ');
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.join(', ')}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'array') return `${typeInWords(schema.items as JsonSchema)}[]`;
  return String(schema.type ?? 'any');
}

/** One line per field, nested objects as dotted names. */
function fieldLines(schema: JsonSchema, prefix = ''): string[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const optional = required.has(name) ? '' : ', optional';
    const line = `- \`${path}\` (${typeInWords(field)}${optional})${field.description ? `: ${field.description}` : ''}`;
    const items = field.type === 'array' ? (field.items as JsonSchema) : undefined;
    if (field.type === 'object') return [line, ...fieldLines(field, `${path}.`)];
    if (items?.type === 'object') return [line, ...fieldLines(items, `${path}[].`)];
    return [line];
  });
}

function operationSection(input: GuideInput, urls: SiteUrls, operation: ApiOperation): string[] {
  const parameters = parametersOf(input.document, operation);
  const example = input.examples?.operations[operation.operationId];
  const lines = [`### ${operation.operationId}: ${operation.title}`, '', `\`${requestLine(input.document, operation)}\``, '', operation.summary, '', operation.description, ''];
  if (parameters.length > 0) {
    lines.push('Parameters:', '');
    for (const parameter of parameters) {
      lines.push(`- \`${parameter.name}\` (${parameter.in}, ${parameter.required ? 'required' : 'optional'}; ${parameterLimits(parameter)}): ${parameter.description ?? ''}`);
    }
    lines.push('');
  }
  lines.push(`Success: 200 with a ${operation.responseName} (fields below).`, '');
  if (operation.errors.length > 0) {
    lines.push('Errors:', '', ...operation.errors.map(({ status, when }) => `- ${status} when ${when}.`), '');
  }
  const url = exampleUrl(urls, operation, input.examples);
  if (url && example) lines.push(`Example: GET ${url}`, '', '```json', JSON.stringify(example.body, null, 2), '```', '');
  return lines;
}

export function llmsFullTxt(input: GuideInput): string {
  const urls = siteUrls(input.siteUrl);
  const info = input.document.info as { description: string; version: string };
  const schemas = input.document.components.schemas;
  const lines = [
    `# ${serviceName} API guide`,
    '',
    `> ${serviceSummary}`,
    '',
    `API version ${info.version}. Base URL: ${urls.absolute('')}. OpenAPI description: ${urls.absolute(entryPoints.openApi)}. ${licenseGuide}`,
    '',
    // The description opens with the summary quoted above.
    info.description.replace(serviceSummary, '').trim(),
    '',
    '## Operations',
    '',
    ...operationOrder.flatMap((operationId) => operationSection(input, urls, apiOperations[operationId])),
    '## Response fields',
    '',
    'Every response object has exactly these fields; `optional` marks the only ones that may be absent.',
    '',
  ];
  for (const [name, schema] of Object.entries(schemas)) {
    if (name === 'Condition') continue;
    lines.push(`### ${name}`, '', ...(schema.description ? [String(schema.description), ''] : []), ...fieldLines(schema), '');
  }
  return lines.join('\n');
}
