import { jsonResponse } from '../http.ts';
import { getFeaturedLandmarksOperation } from '../operations/get-featured.ts';
import type { RouteHandler } from './context.ts';

export const getFeaturedLandmarks: RouteHandler = async ({ request, store, now }) =>
  // A new random draw every request: no shared cache may keep one draw for everybody.
  jsonResponse(request, await getFeaturedLandmarksOperation({ store, now }, {}), { cacheControl: 'no-store' });
