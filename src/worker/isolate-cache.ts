/**
 * Files under /_data/ never change within a deploy, and an isolate serves many requests: keeping
 * recently read files parsed saves the fetch and the parse. Bounded, so memory stays well under
 * the isolate's limit whatever the traffic; least recently used entries go first.
 */
export class IsolateCache<Value> {
  readonly #entries = new Map<string, Promise<Value>>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  get(key: string, load: () => Promise<Value>): Promise<Value> {
    const cached = this.#entries.get(key);
    if (cached) {
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached;
    }
    const loading = load();
    // A failed read is not remembered: the next request tries again.
    loading.catch(() => this.#entries.delete(key));
    this.#entries.set(key, loading);
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value!);
    return loading;
  }
}
