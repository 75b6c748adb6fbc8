/**
 * JSON texts joined as UTF-8 bytes: the files that publish reports are made from each report's
 * text, made once per build (publishedReportJson), without decoding it and encoding it again.
 * Only the build calls these: the Worker, which imports the data products' readers, has no Buffer.
 */

/** `open`, then the items separated by commas, then `close`: an array's or an object's JSON text from its items' texts. */
export function joinedJson(open: string, items: readonly Uint8Array[], close: string): Buffer {
  const parts: Uint8Array[] = [Buffer.from(open, 'utf8')];
  const comma = Buffer.from(',');
  items.forEach((item, index) => {
    if (index > 0) parts.push(comma);
    parts.push(item);
  });
  parts.push(Buffer.from(close, 'utf8'));
  return Buffer.concat(parts);
}

/**
 * The JSON text of an object with these entries (unique keys, values as JSON texts): what
 * JSON.stringify(Object.fromEntries(entries)) writes, which puts the keys that are array indices
 * ("42", as a report id or a slug may be) first, in numeric order.
 */
export function jsonObjectOf(entries: readonly (readonly [string, Uint8Array])[]): Buffer {
  const indices = entries.filter(([key]) => isArrayIndex(key));
  const ordered = indices.length === 0 ? entries : [...indices.sort(([a], [b]) => Number(a) - Number(b)), ...entries.filter(([key]) => !isArrayIndex(key))];
  const parts: Uint8Array[] = [];
  ordered.forEach(([key, value], index) => parts.push(Buffer.from(`${index === 0 ? '{' : ','}${JSON.stringify(key)}:`, 'utf8'), value));
  parts.push(Buffer.from(ordered.length === 0 ? '{}' : '}'));
  return Buffer.concat(parts);
}

const isArrayIndex = (key: string) => /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 2 ** 32 - 1;
