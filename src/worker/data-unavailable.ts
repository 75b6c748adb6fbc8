import { ApiError } from '../domain/api-error.ts';
import type { DataFileUnavailable } from './asset-json.ts';

/**
 * A data file this answer needs is missing or damaged in the deploy. The operator finds the file in
 * the log; the client learns that only this answer is affected and that retrying later may work.
 */
export function dataUnavailable(cause: DataFileUnavailable): ApiError {
  console.error(`503 data_unavailable: ${cause.message}`);
  return new ApiError(
    503,
    'data_unavailable',
    'The data behind this answer is missing or damaged in the current deploy of the site; other routes still work. Please retry in a few minutes.',
    { headers: { 'Retry-After': '300' } },
  );
}
