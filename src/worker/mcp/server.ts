import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { citationGuide, freshnessGuide, licenseGuide, serviceName, serviceSummary } from '../../domain/service-guide.ts';
import { openApiVersion } from '../../domain/api-operations.ts';
import { ApiError } from '../../domain/api-error.ts';
import { dataUnavailable } from '../data-unavailable.ts';
import { DataFileUnavailable } from '../asset-json.ts';
import type { OperationContext } from '../../domain/operations/context.ts';
import { mcpTools, type McpTool } from './tools.ts';

const instructions = [
  serviceSummary,
  'Find a landmark with searchLandmarks, then read it with getLandmark, or ask getLandmarkStatus whether it is open on a day or a trip; getReport gives one report, listLandmarks and getChanges page through everything, and listLandmarksToRecheck names the popular landmarks with nothing known today.',
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
    const error = caught instanceof DataFileUnavailable ? dataUnavailable(caught) : caught;
    if (error instanceof ApiError) {
      return toolError(error.parameter ? `Invalid argument ${error.parameter}: ${error.message}` : error.message);
    }
    // Log the cause for the operator; the model gets a clean message without internals.
    console.error(`unexpected error in MCP tool ${tool.name}`, error);
    return toolError('Something went wrong on our side; please retry later.');
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
