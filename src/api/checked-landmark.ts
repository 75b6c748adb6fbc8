import type { CheckedLandmarkDetail } from '../schema/api.ts';
import type { DataStore } from './data-products.ts';

/**
 * A landmark's stored detail with its checks, read together (they are stored apart, see
 * data-products/landmark-checks.ts); undefined when no landmark has the slug.
 */
export async function checkedLandmark(store: Pick<DataStore, 'landmark' | 'landmarkChecks'>, slug: string): Promise<CheckedLandmarkDetail | undefined> {
  const [landmark, watchChecks] = await Promise.all([store.landmark(slug), store.landmarkChecks(slug)]);
  return landmark && { ...landmark, watchChecks };
}
