import { invalidParameter } from './api-error.ts';

/** A query parameter given at most once; a repeated one is ambiguous, so it is refused. */
export function singleParameter(url: URL, name: string): string | undefined {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) throw invalidParameter(name, `${name} was given ${values.length} times; give it once`);
  return values[0];
}

/** A whole number written plainly in decimal ("1e3", "1.5", "+5" and "05" are refused). */
export function integerParameter(url: URL, name: string, { min, max, fallback }: { min: number; max: number; fallback: number }): number {
  const raw = singleParameter(url, name);
  if (raw === undefined) return fallback;
  if (!/^[1-9]\d{0,6}$|^0$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw invalidParameter(name, `${name} must be a whole number from ${min} to ${max}; got ${JSON.stringify(raw)}`);
  }
  return Number(raw);
}
