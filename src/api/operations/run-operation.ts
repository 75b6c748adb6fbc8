import type { z } from 'zod';
import { notFound, invalidParameter } from '../api-error.ts';
import { apiOperations, fillPath, pathParameterNames, type ApiOperation, type OperationId } from '../api-operations.ts';
import type { OperationContext } from './context.ts';

/** What an operation answers, as its response schema gives it. */
export type AnswerOf<Id extends OperationId> = z.output<(typeof apiOperations)[Id]['response']>;

/**
 * Runs an operation on raw parameter values, checked first by the operation's own input schema:
 * the one the MCP tools and the OpenAPI document publish, so every caller refuses bad input with
 * the same words. A bad query parameter is a 400 naming it; a path parameter that cannot exist
 * names nothing, so it is a 404.
 */
export async function runOperation<Id extends OperationId>(operationId: Id, context: OperationContext, values: Record<string, unknown>): Promise<AnswerOf<Id>> {
  const operation = apiOperations[operationId];
  const result = operation.input.safeParse(values);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? '');
    if (pathParameterNames(operation.path).includes(name)) {
      const path = fillPath(operation.path, Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])));
      throw notFound(`Nothing can be at ${path}: ${name} ${JSON.stringify(values[name])} is not valid (${issue.message}).`);
    }
    throw invalidParameter(name, issue.message);
  }
  // Each declaration's run is checked against its own schemas (declareOperation); the table's
  // union of them is not something TypeScript can call, so the answer's type is stated here, once.
  return (await (operation as ApiOperation).run(context, result.data)) as AnswerOf<Id>;
}
