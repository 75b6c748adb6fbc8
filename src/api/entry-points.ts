import { dataPrefix } from './data-products/product.ts';

/**
 * Where programs and AI agents find the service, besides the JSON API itself. The build writes
 * these files, the Worker serves them, and each of them links the others from this one list.
 */
export const entryPoints = {
  /** OpenAPI 3.1 description of the API. */
  openApi: '/api/openapi.json',
  /** Model Context Protocol server (Streamable HTTP, stateless). */
  mcp: '/api/mcp',
  /** The llms.txt guide: a summary with links. */
  llms: '/llms.txt',
  /** The whole API guide in one plain-text file. */
  llmsFull: '/llms-full.txt',
  /** Plugin manifest pointing agents at the OpenAPI description. */
  aiPlugin: '/.well-known/ai-plugin.json',
  logo: '/logo.svg',
  /** Who runs the site and the terms of the data: the legal information page. */
  about: '/about',
} as const;

/**
 * The OpenAPI document as the build stores it: under /_data/, which is never served as is, so the
 * Worker answers /api/openapi.json with CORS, ETag and a JSON error when it is missing.
 */
export const openApiAssetPath = `${dataPrefix}openapi.json`;
