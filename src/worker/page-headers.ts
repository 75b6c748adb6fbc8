import { pageHeaders } from '../api/response-headers.ts';

/** Adds the page headers to HTML responses; anything else passes through untouched. */
export function withPageHeaders(response: Response): Response {
  if (!(response.headers.get('Content-Type') ?? '').startsWith('text/html')) return response;
  const decorated = new Response(response.body, response);
  for (const [name, value] of Object.entries(pageHeaders)) decorated.headers.set(name, value);
  return decorated;
}
