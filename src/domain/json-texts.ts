/**
 * JSON texts joined into the text of a larger value: the files that publish reports are made from
 * each report's text, made once per build (publishedReportJson), rather than from its record.
 */

/** The JSON text of an array of these texts. */
export const jsonArrayOf = (items: readonly string[]): string => `[${items.join(',')}]`;

/**
 * The JSON text of an object with these entries (unique keys, values as JSON texts): what
 * JSON.stringify(Object.fromEntries(entries)) writes, which puts the keys that are array indices
 * ("42", as a report id or a slug may be) first, in numeric order.
 */
export function jsonObjectOf(entries: readonly (readonly [string, string])[]): string {
  const indices = entries.filter(([key]) => isArrayIndex(key));
  const ordered = indices.length === 0 ? entries : [...indices.sort(([a], [b]) => Number(a) - Number(b)), ...entries.filter(([key]) => !isArrayIndex(key))];
  return `{${ordered.map(([key, text]) => `${JSON.stringify(key)}:${text}`).join(',')}}`;
}

const isArrayIndex = (key: string) => /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < 2 ** 32 - 1;
