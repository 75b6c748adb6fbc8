import type { DataStore } from '../data-store.ts';

export interface RouteContext {
  request: Request;
  url: URL;
  /** Path parameters captured by the route pattern, already decoded. */
  params: Record<string, string>;
  store: DataStore;
  /** The moment the request is answered at. */
  now: Date;
}

export type RouteHandler = (context: RouteContext) => Promise<Response>;

/** Stored API data changes only with a deploy; five minutes keeps `isCurrent` close to the clock. */
export const apiCacheControl = 'public, max-age=300';
