import type { OperationContext } from '../api/operations/context.ts';
import { assetDataStore } from './data-store.ts';
import { requestTime, type Env } from './env.ts';

/** A uniform random number in [0, 1) from the platform's cryptographic generator. */
function secureRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}

/** What an operation runs with in the Worker, for REST and MCP alike: the deploy's assets, the request's moment. */
export function operationContext(env: Env): OperationContext {
  return { store: assetDataStore(env.ASSETS), now: requestTime(env), random: secureRandom };
}
