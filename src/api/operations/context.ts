import type { DataStore } from '../data-products.ts';

/**
 * What every operation runs with. Operations are pure functions of (context, input): the REST
 * routes and the MCP tools run them against the Worker's assets, and the build runs them against
 * its files in memory for the documents' examples, so every answer comes from the same code.
 */
export interface OperationContext {
  store: DataStore;
  /** The moment the request is answered at: freshness is computed for it. */
  now: Date;
  /** Uniform in [0, 1): the Worker's is cryptographic, the build's fixed so its documents are reproducible. */
  random: () => number;
}
