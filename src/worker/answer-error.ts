import { ApiError, notFound } from '../api/api-error.ts';
import { DataFileUnavailable } from './asset-json.ts';

/**
 * What went wrong answering a request, as the API error every answer (JSON, an MCP tool's error,
 * a page, JSON-RPC) is rendered from: the one place that decides the status and the words.
 * - An ApiError is the operation's own answer (400, 404).
 * - A data file missing or damaged in the deploy is 503: the operator finds the file in the log;
 *   the client learns that only this answer is affected and that retrying later may work.
 * - A malformed percent-encoding in the address names nothing that can exist: 404.
 * - Anything else is our bug: logged with its cause, and 500 without internals for the client.
 */
export function asApiError(caught: unknown, answering: string): ApiError {
  if (caught instanceof ApiError) return caught;
  if (caught instanceof DataFileUnavailable) {
    console.error(`503 data_unavailable: ${caught.message}`);
    return new ApiError(
      503,
      'data_unavailable',
      'The data behind this answer is missing or damaged in the current deploy of the site; other routes still work. Please retry in a few minutes.',
      { headers: { 'Retry-After': '300' } },
    );
  }
  if (caught instanceof URIError) return notFound(`Nothing can be at this address: it has a malformed percent-encoding (${caught.message}).`);
  console.error(`unexpected error answering ${answering}`, caught);
  return new ApiError(500, 'internal_error', 'Something went wrong on our side; please retry later.');
}
