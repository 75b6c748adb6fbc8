export interface Env {
  /** The built site: pages, downloads and the prebuilt API data under /_data/. */
  ASSETS: Fetcher;
  /** Pins the clock (an ISO date-time) for tests that check freshness at a given moment. */
  FIXED_NOW?: string;
}

/** The moment a request is answered at: freshness is computed for it, never read from a file. */
export function requestTime(env: Env): Date {
  const fixed = env.FIXED_NOW ? new Date(env.FIXED_NOW) : undefined;
  return fixed && !Number.isNaN(fixed.getTime()) ? fixed : new Date();
}
