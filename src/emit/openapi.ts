import { z } from 'zod';
import { apiOperations, openApiVersion, operationOrder, pathParameterNames, type ApiOperation } from '../api/api-operations.ts';
import { dataLicense } from '../domain/data-license.ts';
import { downloadPaths } from '../formats/download-resources.ts';
import { entryPoints } from '../api/entry-points.ts';
import { accessGuide, citationGuide, conditionTable, freshnessGuide, serviceName, serviceSummary } from '../api/service-guide.ts';
import { siteUrls } from '../domain/urls.ts';
import { apiError, change, currentCondition, landmarkSummary, pageUrls, pagination, statusEvidence } from '../schema/api.ts';
import { conditionExpiryDays, conditionMeanings, conditions } from '../schema/conditions.ts';
import type { ApiExamples } from './openapi-examples.ts';

/** The operations whose answers change with every request (a random pick), as their declarations say. */
const neverCached = operationOrder.filter((id) => apiOperations[id].cacheControl === 'no-store');

/**
 * The OpenAPI 3.1 description of the API, generated from the zod schemas that type the responses
 * and from the operation table the routes check their parameters against. OpenAPI 3.1 schemas
 * are JSON Schema 2020-12, which is what zod emits; response objects are closed
 * (`additionalProperties: false`), so a field the document does not describe is a mismatch.
 */

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, { get: Record<string, unknown> }>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
};

const schemaRef = (name: string) => `#/components/schemas/${name}`;

/** Shapes shared by several responses, named so that they appear once, under components. */
function namedSchemas(): z.core.$ZodRegistry<{ id: string }> {
  const registry = z.registry<{ id: string }>();
  for (const operation of Object.values(apiOperations)) registry.add(operation.response, { id: operation.responseName });
  registry.add(landmarkSummary, { id: 'LandmarkSummary' });
  registry.add(currentCondition, { id: 'CurrentCondition' });
  registry.add(change, { id: 'Change' });
  registry.add(statusEvidence, { id: 'StatusEvidence' });
  registry.add(pageUrls, { id: 'PageUrls' });
  registry.add(pagination, { id: 'Pagination' });
  registry.add(apiError, { id: 'Error' });
  return registry;
}

function isConditionEnum({ enum: values }: JsonSchema): boolean {
  return Array.isArray(values) && values.length === conditions.length && conditions.every((value, index) => values[index] === value);
}

/** Every use of the condition vocabulary points at one Condition schema, which explains each value. */
function referToConditionSchema(context: { jsonSchema: JsonSchema }): void {
  const schema = context.jsonSchema;
  if (!isConditionEnum(schema)) return;
  delete schema.type;
  delete schema.enum;
  schema.$ref = schemaRef('Condition');
}

const conditionSchema: JsonSchema = {
  type: 'string',
  enum: [...conditions],
  description: `The condition a report gives, one of this vocabulary. Each has its own expiry, \`reportExpiryDays\`:\n\n${conditionTable()}`,
  'x-expiry-days': { ...conditionExpiryDays },
  'x-meanings': { ...conditionMeanings },
};

function responseSchemas(): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(namedSchemas(), {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'throw',
    uri: schemaRef,
    override: referToConditionSchema,
  });
  const components: Record<string, JsonSchema> = { Condition: conditionSchema };
  for (const [name, schema] of Object.entries(schemas)) {
    // Dialect and identity come from the document: jsonSchemaDialect, and the component's place.
    const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
    components[name] = rest;
  }
  return components;
}

/** A parameter's schema as a client sends it: defaults included, description lifted to the parameter. */
function parameterObjects(operation: ApiOperation, example: Record<string, string | number> | undefined) {
  const inPath = new Set(pathParameterNames(operation.path));
  const { properties = {}, required = [] } = z.toJSONSchema(operation.input, { target: 'draft-2020-12', io: 'input' }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, { description, ...schema }]) => ({
    name,
    in: inPath.has(name) ? 'path' : 'query',
    required: inPath.has(name) || required.includes(name),
    description,
    schema,
    ...(example?.[name] === undefined ? {} : { example: example[name] }),
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: schemaRef('Error') } } },
});

function operationObject(operation: ApiOperation, examples: ApiExamples | undefined) {
  const example = examples?.operations[operation.operationId];
  const responses: Record<string, unknown> = {
    200: {
      description: operation.summary,
      headers: { ETag: { $ref: '#/components/headers/ETag' }, 'Cache-Control': { $ref: '#/components/headers/CacheControl' } },
      content: {
        'application/json': {
          schema: { $ref: schemaRef(operation.responseName) },
          ...(example ? { examples: { [operation.operationId]: { summary: 'A response from this site\'s data', value: example.body } } } : {}),
        },
      },
    },
    304: { description: 'Not modified: the `If-None-Match` ETag matches; use your cached copy.' },
  };
  for (const { status, when } of operation.errors) {
    // The operation's own answer to its typical mistake, when that is this status.
    const mistake = examples?.mistakes[operation.operationId];
    const example = mistake?.error.status === status ? mistake : undefined;
    responses[status] = {
      description: `Refused: ${when}. The message says what to fix.`,
      content: { 'application/json': { schema: { $ref: schemaRef('Error') }, ...(example ? { example } : {}) } },
    };
  }
  responses[500] = { $ref: '#/components/responses/InternalError' };
  responses[503] = { $ref: '#/components/responses/DataUnavailable' };
  return {
    operationId: operation.operationId,
    summary: operation.title,
    description: `${operation.summary}\n\n${operation.description}`,
    tags: [operation.tag],
    parameters: parameterObjects(operation, example?.parameters),
    responses,
  };
}

function documentDescription(siteUrl: string): string {
  const urls = siteUrls(siteUrl);
  return [
    serviceSummary,
    '## Freshness',
    freshnessGuide,
    '## Conditions',
    conditionTable(),
    '## Citing',
    citationGuide,
    '## Access',
    accessGuide,
    '## Other entry points',
    [
      `- MCP server (Streamable HTTP): ${urls.absolute(entryPoints.mcp)}`,
      `- Guide for language models: ${urls.absolute(entryPoints.llms)} (whole guide: ${urls.absolute(entryPoints.llmsFull)})`,
      `- Plugin manifest: ${urls.absolute(entryPoints.aiPlugin)}`,
      '- Markdown: every landmark and report page has a twin at its URL + `.md`.',
      `- Bulk downloads (NDJSON, CSV, SQLite, one JSON file, GeoJSON of the landmarks), described by a Data Package: ${urls.absolute(downloadPaths.page)} and ${urls.absolute(downloadPaths.datapackage)}`,
      `- Atom feed of changes, for feed readers: ${urls.absolute(downloadPaths.changesFeed)}`,
    ].join('\n'),
  ].join('\n\n');
}

export interface OpenApiInput {
  /** The site's public origin, from which every URL is built. */
  siteUrl: string;
  /** Examples from the site's data; omitted when there is none. */
  examples?: ApiExamples | undefined;
}

export function buildOpenApiDocument({ siteUrl, examples }: OpenApiInput): OpenApiDocument {
  const urls = siteUrls(siteUrl);
  const paths: OpenApiDocument['paths'] = {};
  for (const operationId of operationOrder) {
    const operation: ApiOperation = apiOperations[operationId];
    paths[operation.path] = { get: operationObject(operation, examples) };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${serviceName} API`,
      version: openApiVersion,
      summary: 'Read-only JSON API of dated landmark condition reports: closures, scaffolding, refurbishment, restricted access, blocked views.',
      description: documentDescription(siteUrl),
      contact: { name: serviceName, url: urls.absolute(entryPoints.about) },
      license: { name: `${dataLicense.title} (the data)`, url: dataLicense.url },
    },
    servers: [{ url: siteUrl.replace(/\/+$/, ''), description: 'This site' }],
    // No account, key or token for any operation.
    security: [],
    tags: [
      { name: 'Landmarks', description: 'Places and attractions, each with its current condition and dated reports.' },
      { name: 'Reports', description: 'Individual dated condition reports, and the feed of their changes.' },
    ],
    externalDocs: { description: 'The API guide as plain text', url: urls.absolute(entryPoints.llmsFull) },
    paths,
    components: {
      schemas: responseSchemas(),
      responses: {
        InternalError: errorResponse('Unexpected failure on the server; retry later.'),
        DataUnavailable: {
          ...errorResponse('A data file this answer needs is missing or damaged in the current deploy (code `data_unavailable`); other operations still work. Retry after the number of seconds in `Retry-After`.'),
          headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
        },
      },
      headers: {
        ETag: { description: 'Strong validator of the body: send it back as If-None-Match to get 304 when nothing changed.', schema: { type: 'string' } },
        CacheControl: { description: `How long the response may be cached; ${neverCached.join(' and ')} ${neverCached.length === 1 ? 'is' : 'are'} never cached.`, schema: { type: 'string' } },
      },
    },
  };
}
