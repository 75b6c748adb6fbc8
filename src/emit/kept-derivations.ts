import { createHash } from 'node:crypto';
import type { KeptDerivations } from '../api/data-products/product.ts';
import type { OutputStore } from '../kept/output-files.ts';

/**
 * The data products' kept derivations over the output store: each value is kept in its index under
 * a key made as a file's is (the code's fingerprint, the value's name and what it was made from),
 * and dropped when a build no longer asks for it.
 */
export function keptDerivations(store: OutputStore): KeptDerivations {
  return {
    digestOf(texts) {
      const hash = createHash('sha256');
      for (const text of texts) hash.update(text);
      return hash.digest();
    },
    value<T>(name: string, madeFrom: Uint8Array, make: () => T): T {
      const key = store.keyOf(`value ${name}`, [madeFrom]);
      const kept = store.keptValue(key);
      if (kept !== undefined) return kept as T;
      const made = make();
      store.keepValue(key, made);
      return made;
    },
  };
}
