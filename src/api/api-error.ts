import type { ApiError as ApiErrorBody } from '../schema/api.ts';

/**
 * An error an operation raises to answer with the API's JSON error body: the REST router renders
 * it as JSON with its status, the MCP server as a tool error with the same message.
 */
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

/** The 404 of every operation about one landmark, saying where slugs are found. */
export const landmarkNotFound = (slug: string) =>
  notFound(`No landmark has the slug "${slug}". Find slugs with /api/public/v1/search?q=… or /api/public/v1/landmarks.`);

export const invalidParameter = (parameter: string, message: string) =>
  new ApiError(400, 'invalid_parameter', message, { parameter });
