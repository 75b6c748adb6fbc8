import type { CellValue } from '../../formats/flat-columns.ts';

/**
 * CSV as RFC 4180 writes it, which every spreadsheet, pandas, DuckDB and Frictionless read: UTF-8
 * without a byte order mark, CRLF between rows, fields quoted when they hold a comma, a quote, a
 * line break or edge spaces, quotes doubled. Null is an empty field and an empty string is `""`,
 * so tools that care (PostgreSQL COPY, Frictionless) can tell them apart.
 */
export const csvDialect = {
  delimiter: ',',
  lineTerminator: '\r\n',
  quoteChar: '"',
  doubleQuote: true,
  header: true,
} as const;

const needsQuotes = /[",\r\n]|^\s|\s$/;

export function csvField(value: CellValue): string {
  if (value === null) return '';
  const text = String(value);
  return text === '' || needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row, with its line terminator. */
export function csvRow(values: readonly CellValue[]): string {
  return `${values.map(csvField).join(csvDialect.delimiter)}${csvDialect.lineTerminator}`;
}
