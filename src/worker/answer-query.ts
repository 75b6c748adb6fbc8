import type { ApiError } from '../api/api-error.ts';
import { apiOperations, type OperationId } from '../api/api-operations.ts';
import { runOperation, type AnswerOf } from '../api/operations/run-operation.ts';
import { asApiError } from './answer-error.ts';
import type { Env } from './env.ts';
import { operationContext } from './operation-context.ts';
import { restParameterValues } from './rest-input.ts';

export type QueryAnswer<Id extends OperationId> = { ok: true; body: AnswerOf<Id> } | { ok: false; error: ApiError };

/**
 * An operation's answer to a URL's query string, read as its API route reads it (a repeated or
 * malformed parameter gets the same words), or the error the API would answer with: for the
 * pages that a form fills in (/search, /nearby), so that they and the API never disagree.
 */
export async function answerQuery<Id extends OperationId>(operationId: Id, env: Env, url: URL): Promise<QueryAnswer<Id>> {
  try {
    return { ok: true, body: await runOperation(operationId, operationContext(env), restParameterValues(apiOperations[operationId].input, url)) };
  } catch (caught) {
    return { ok: false, error: asApiError(caught, url.href) };
  }
}
