import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { citationGuide, freshnessGuide, licenseGuide, operationsGuide, serviceName, serviceSummary } from '../../api/service-guide.ts';
import { openApiVersion } from '../../api/api-operations.ts';
import { asApiError } from '../answer-error.ts';
import type { OperationContext } from '../../api/operations/context.ts';
import { mcpTools, type McpTool } from './tools.ts';

const instructions = [
  serviceSummary,
  operationsGuide,
  freshnessGuide,
  citationGuide,
  licenseGuide,
].join('\n\n');

/** A tool error the model can act on: what was wrong and what to send instead. */
function toolError(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

async function callTool(tool: McpTool, context: OperationContext, input: unknown): Promise<CallToolResult> {
  try {
    const body = (await tool.run(context, input)) as Record<string, unknown>;
    // Structured for programs; the same JSON as text for clients that read only text.
    return { structuredContent: body, content: [{ type: 'text', text: JSON.stringify(body) }] };
  } catch (caught) {
    const error = asApiError(caught, `the MCP tool ${tool.name}`);
    return toolError(error.parameter ? `Invalid argument ${error.parameter}: ${error.message}` : error.message);
  }
}

/** One server per request: the MCP endpoint is stateless, like the rest of the API. */
export function createMcpServer(context: OperationContext): McpServer {
  const server = new McpServer(
    { name: 'landmark-condition-reports', title: serviceName, version: openApiVersion },
    { instructions },
  );
  for (const tool of mcpTools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
      (input: unknown) => callTool(tool, context, input),
    );
  }
  return server;
}
