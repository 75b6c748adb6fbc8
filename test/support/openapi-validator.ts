import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument, type OpenApiDocument } from '../../src/emit/openapi.ts';
import { entryPoints, openApiAssetPath } from '../../src/api/entry-points.ts';
import { testSiteUrl } from './build.ts';

/**
 * Checks a response the Worker gave against the OpenAPI document (JSON Schema 2020-12): the
 * schema of the operation's response for that status, or the error schema for unknown API
 * paths. A field the document does not describe, a wrong type, or an undocumented status throws.
 */
export type ResponseCheck = (pathname: string, status: number, body: unknown) => void;

const documentId = 'https://openapi.invalid/openapi.json';

/** The document a built site serves, or, for a site of API data only, the same document without examples. */
export function openApiDocumentOf(distDir: string): OpenApiDocument {
  const built = path.join(distDir, ...openApiAssetPath.split('/').filter(Boolean));
  return existsSync(built) ? (JSON.parse(readFileSync(built, 'utf8')) as OpenApiDocument) : buildOpenApiDocument({ siteUrl: testSiteUrl });
}

type ResponseObject = { $ref?: string; content?: Record<string, { schema?: { $ref?: string } }> };

export function responseCheckFor(document: OpenApiDocument): ResponseCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: documentId, components: { schemas: document.components.schemas } });
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (schemaRef: string) => {
    let validate = validators.get(schemaRef);
    if (!validate) {
      validate = ajv.compile({ $ref: `${documentId}${schemaRef}` });
      validators.set(schemaRef, validate);
    }
    return validate;
  };
  const resolve = (response: ResponseObject): ResponseObject =>
    response.$ref ? ((document.components as Record<string, Record<string, ResponseObject>>).responses![response.$ref.split('/').pop()!]!) : response;
  const operations = Object.entries(document.paths).map(([template, { get }]) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`),
    responses: get.responses as Record<string, ResponseObject>,
  }));

  return (pathname, status, body) => {
    const operation = operations.find((candidate) => candidate.pattern.test(pathname));
    let schemaRef: string | undefined;
    if (operation) {
      const documented = operation.responses[String(status)];
      if (!documented) throw new Error(`${pathname} answered ${status}, a status the OpenAPI document does not list for ${operation.template}`);
      schemaRef = resolve(documented).content?.['application/json']?.schema?.$ref;
      if (!schemaRef) throw new Error(`${pathname} answered ${status} with a JSON body, but the OpenAPI document gives that response no body`);
    } else if (status >= 400) {
      // No operation here: every API error is still the documented error body.
      schemaRef = '#/components/schemas/Error';
    } else {
      throw new Error(`${pathname} answered ${status} with JSON, but the OpenAPI document has no operation at this path`);
    }
    const validate = validatorFor(schemaRef);
    if (!validate(body)) {
      throw new Error(`${pathname} answered ${status} with a body that does not match ${schemaRef} in the OpenAPI document: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
    }
  };
}

/** Whether the document describes a response: JSON with a body under /api/, except the document itself and MCP. */
export function isDocumentedApiResponse(pathname: string, method: string, response: Response): boolean {
  const underApi = pathname === '/api' || pathname.startsWith('/api/');
  const describedElsewhere = pathname === entryPoints.openApi || pathname === entryPoints.mcp;
  return (
    method === 'GET' &&
    underApi &&
    !describedElsewhere &&
    response.status !== 304 &&
    (response.headers.get('Content-Type') ?? '').startsWith('application/json')
  );
}
