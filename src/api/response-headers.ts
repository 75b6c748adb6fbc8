import { entryPoints } from './entry-points.ts';
import { downloadsDirectory } from '../formats/download-resources.ts';

/**
 * The headers of what the site serves, stated once: the Worker sets them on what it answers, and
 * the build writes them into the assets' own `_headers` file for what is served without it.
 */

/**
 * What every HTML page is sent with. Report bodies come from strangers' pull requests and are
 * rendered without raw HTML, but the policy is the second wall: a browser runs no script and loads
 * no style the site did not ship, even if something slipped through. JSON-LD is data, not script,
 * so it needs no exception.
 */
export const contentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const pageHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Files meant for programs may be read from any origin. */
export const openReadHeaders: Readonly<Record<string, string>> = { 'Access-Control-Allow-Origin': '*' };

/** Path patterns of the files for programs that the assets serve without the Worker. */
export const filesForPrograms = [`${downloadsDirectory}*`, entryPoints.llms, entryPoints.llmsFull, '/.well-known/*'];

export const assetHeadersPath = '/_headers';

/** A download format's files, by extension: the build's list of formats gives them. */
export interface DownloadType {
  extension: string;
  mediaType: string;
  /** UTF-8 text, said in the header. */
  text: boolean;
}

/**
 * The assets' `_headers` file (Cloudflare's format: a path pattern, then indented headers; every
 * matching rule applies). Page headers go on everything, since a page may be served without the
 * Worker too; files for programs allow cross-origin reads; downloads say their type, which the
 * asset server does not know for .ndjson, .sqlite or .geojson, and state UTF-8 for text.
 */
export function assetHeadersFile(downloadTypes: readonly DownloadType[]): string {
  const rule = (pattern: string, headers: Readonly<Record<string, string>>) =>
    [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  const typeRules = downloadTypes.map(({ extension, mediaType, text }) =>
    rule(`${downloadsDirectory}*.${extension}`, { 'Content-Type': text ? `${mediaType}; charset=utf-8` : mediaType }),
  );
  return [
    '# Written by the build (src/api/response-headers.ts); applied by the asset server.',
    rule('/*', pageHeaders),
    ...filesForPrograms.map((pattern) => rule(pattern, openReadHeaders)),
    ...typeRules,
    '',
  ].join('\n');
}
