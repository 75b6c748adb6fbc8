import type { ApiError as ApiErrorBody } from '../schema/api.ts';
import type { DataFileUnavailable } from './asset-json.ts';

/** An error a route raises to answer with the API's JSON error body; the router renders it. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly parameter: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, options: { parameter?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.parameter = options.parameter;
    this.headers = options.headers ?? {};
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        status: this.status,
        code: this.code,
        message: this.message,
        ...(this.parameter === undefined ? {} : { parameter: this.parameter }),
      },
    };
  }
}

export const notFound = (message: string) => new ApiError(404, 'not_found', message);

export const invalidParameter = (parameter: string, message: string) =>
  new ApiError(400, 'invalid_parameter', message, { parameter });

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
