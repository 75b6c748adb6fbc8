import type { z } from 'zod';
import type { StoredLandmarkDetail, StoredReport } from '../../schema/api.ts';
import type { OperationContext } from './context.ts';

/**
 * What the documents' examples are made of (src/emit/openapi-examples.ts): a typical landmark of
 * the catalogue being built, and what an example request about it needs.
 */
export interface ExampleSubject {
  landmark: StoredLandmarkDetail;
  /** Its most recently confirmed report, when it has one. */
  report: StoredReport | undefined;
  /** A search term that finds the landmark. */
  searchTerm: string;
  /** The start of the day of the change before last: a changes request that finds a couple. */
  changesSince: string | undefined;
  /** How many items an example list shows. */
  shownItems: number;
}

/**
 * One operation of the public API, declared once, in its own file: its path, parameters with
 * their limits, the schema of its answer, its errors, its cache policy, its examples and the code
 * that answers it. The REST routes, the MCP tools, OpenAPI, llms.txt and the plugin manifest are
 * all made from these declarations (api-operations.ts lists them), so none can drift from what the
 * operation does, and a new operation over existing data is one file plus its test.
 */
export interface ApiOperation<Id extends string = string, Input extends z.ZodObject = z.ZodObject, Response extends z.ZodType = z.ZodType> {
  operationId: Id;
  /** Path template, OpenAPI style: path parameters in braces, e.g. /api/public/v1/landmarks/{slug}. */
  path: string;
  /** A few words, for tool titles and link texts. */
  title: string;
  /** One sentence. */
  summary: string;
  /** What it answers and how to use it; Markdown. */
  description: string;
  /** The OpenAPI tag it is listed under. */
  tag: 'Landmarks' | 'Reports';
  /** Every parameter: those named in the path template are path parameters, the rest query parameters. */
  input: Input;
  /** The success body (status 200). */
  response: Response;
  responseName: string;
  /** Client errors the operation answers, and when. */
  errors: readonly { status: 400 | 404; when: string }[];
  /** The Cache-Control of its successful answers. */
  cacheControl: string;
  /** A typical wrong request: the documents show what the operation answers to it. */
  exampleMistake?: Record<string, unknown>;
  /** The parameters of the documents' example request, or undefined when the catalogue offers none. */
  exampleRequest(subject: ExampleSubject): Record<string, string | number> | undefined;
  /** The example answer as the documents show it: long lists cut to their first items. */
  shortenExample?(body: z.output<Response>, shownItems: number): unknown;
  /** Answers checked parameters (defaults filled in), or throws an ApiError for the caller to render. */
  run(context: OperationContext, input: z.output<Input>): Promise<z.output<Response>>;
}

/** Keeps an operation's literal types (its id, its schemas), so that its `run` is checked against them. */
export const declareOperation = <const Id extends string, Input extends z.ZodObject, Response extends z.ZodType>(
  operation: ApiOperation<Id, Input, Response>,
): ApiOperation<Id, Input, Response> => operation;
