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

const pageHeaders: Record<string, string> = {
  'Content-Security-Policy': contentSecurityPolicy,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** Adds the page headers to HTML responses; anything else passes through untouched. */
export function withPageHeaders(response: Response): Response {
  if (!(response.headers.get('Content-Type') ?? '').startsWith('text/html')) return response;
  const decorated = new Response(response.body, response);
  for (const [name, value] of Object.entries(pageHeaders)) decorated.headers.set(name, value);
  return decorated;
}
