import type { z } from 'zod';
import type { apiOperations, OperationId } from '../../model/api-operations.ts';
import type { DataStore } from '../data-store.ts';

/**
 * What every operation runs with. The REST routes and the MCP tools both call the operations, so
 * the two answer the same request with the same body and the same errors.
 */
export interface OperationContext {
  store: DataStore;
  /** The moment the request is answered at: freshness is computed for it. */
  now: Date;
}

/** An operation's parameters once checked against their limits, defaults filled in. */
export type OperationInput<Id extends OperationId> = z.output<(typeof apiOperations)[Id]['input']>;
/** The success body of an operation. */
export type OperationOutput<Id extends OperationId> = z.output<(typeof apiOperations)[Id]['response']>;

/** Runs an operation: the success body, or an ApiError thrown for the caller to render. */
export type Operation<Id extends OperationId> = (context: OperationContext, input: OperationInput<Id>) => Promise<OperationOutput<Id>>;
