/**
 * Runs `check` on every item with `clients` of them in flight at once, as that many clients
 * would: a test walking thousands of pages waits on the Worker, not on itself.
 */
export async function eachConcurrently<T>(items: readonly T[], check: (item: T) => Promise<void>, clients = 8): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < items.length) await check(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(clients, items.length) }, client));
}
