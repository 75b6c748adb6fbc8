import { ApiError } from '../api/api-error.ts';

/** What reads the site's pages. */
export const readMethods = ['GET', 'HEAD'] as const;

/** What the API takes: reads, and the preflight a browser sends before a cross-origin read. */
export const apiMethods = [...readMethods, 'OPTIONS'] as const;

/**
 * The one refusal of a method a route does not take: 405, with the methods it does take in
 * `Allow` and, in words, what to send instead. Undefined when the method is taken.
 */
export function refusedMethod(request: Request, allowed: readonly string[], instead: string): ApiError | undefined {
  if (allowed.includes(request.method)) return undefined;
  return new ApiError(405, 'method_not_allowed', `${request.method} is not supported: ${instead}`, { headers: { Allow: allowed.join(', ') } });
}
