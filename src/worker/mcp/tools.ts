import type { z } from 'zod';
import { apiOperations, operationOrder, type ApiOperation, type OperationId } from '../../api/api-operations.ts';
import type { OperationContext } from '../../api/operations/context.ts';

/**
 * The MCP tools are the API's operations under their operationIds: the same parameters with the
 * same limits (the input schemas), the same response schemas (the output schemas), and the same
 * code answering them as the REST routes.
 */
export interface McpTool {
  name: OperationId;
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodType;
  run(context: OperationContext, input: unknown): Promise<unknown>;
}

function toolOf(operation: ApiOperation): McpTool {
  return {
    name: operation.operationId,
    title: operation.title,
    description: `${operation.summary} ${operation.description} Answers the same as GET ${operation.path}.`,
    inputSchema: operation.input,
    outputSchema: operation.response,
    run: (context, input) => operation.run(context, input as Record<string, unknown>),
  };
}

export const mcpTools: readonly McpTool[] = operationOrder.map((operationId) => toolOf(apiOperations[operationId]));
