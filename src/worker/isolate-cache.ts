/**
 * Files under /_data/ never change within a deploy, and an isolate serves many requests: keeping
 * recently read files parsed saves the fetch and the parse.
 *
 * Only finished, parsed values are kept. A promise of a read in flight is never shared: its
 * response body belongs to the request that started it, and the runtime refuses another request
 * that touches it ("Cannot perform I/O on behalf of a different request"). Two cold requests for
 * the same file each read it; the second to finish simply replaces the first's entry.
 *
 * Bounded by bytes, not entries, because files differ a hundredfold in size (a bucket of 16
 * records against a search shard of 0.4 MB): the least recently used entries go first once the
 * cached JSON adds up to the budget.
 */
export class IsolateCache<Value> {
  readonly #entries = new Map<string, { value: Value; bytes: number }>();
  readonly #byteBudget: number;
  #bytes = 0;

  constructor(byteBudget: number) {
    this.#byteBudget = byteBudget;
  }

  /** The cached value, now the most recently used; undefined when not cached. */
  get(key: string): Value | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Keeps `value`, which cost `bytes` to read; a value larger than the whole budget is not kept. */
  set(key: string, value: Value, bytes: number): void {
    this.#forget(key);
    if (bytes > this.#byteBudget) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.#byteBudget) break;
      this.#forget(oldest);
    }
  }

  /** What the cached entries cost, for tests and diagnostics. */
  get bytes(): number {
    return this.#bytes;
  }

  #forget(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
