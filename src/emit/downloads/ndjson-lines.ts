/** The lines of an NDJSON file's bytes: NDJSON writes every record on a line of its own. */

/** Where each line of the bytes starts and ends (before its line end). */
export function* lineRangesOf(bytes: Buffer): Generator<[number, number]> {
  for (let start = 0, end = bytes.indexOf(0x0a); end !== -1; start = end + 1, end = bytes.indexOf(0x0a, start)) yield [start, end];
}

/**
 * Each line of the bytes, as text. Decoded a line at a time, so that a thread holds the file once,
 * not also as one string (of twice its bytes when a report holds a character outside Latin-1).
 */
export function* linesOf(bytes: Buffer): Generator<string> {
  for (const [start, end] of lineRangesOf(bytes)) yield bytes.toString('utf8', start, end);
}
