/** Lowercase letters and digits without the look-alikes i, l, o, 0 and 1, so an id read aloud or retyped survives. */
export const reportIdAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
export const reportIdLength = 10;

/** The largest multiple of the alphabet's size below 256: bytes above it are redrawn, so every letter is equally likely. */
const unbiasedByteLimit = 256 - (256 % reportIdAlphabet.length);

/**
 * A fresh opaque report id (31^10, about 8e14 possibilities), redrawn in the unlikely event that it
 * is already taken. `random` is injectable so tests can force a collision; by default it is Web Crypto's, which Node and
 * browsers share, so the command line and the page's report form draw ids the same way.
 */
export function newReportId(
  takenIds: ReadonlySet<string>,
  random: (size: number) => Uint8Array = (size) => crypto.getRandomValues(new Uint8Array(size)),
): string {
  for (;;) {
    let id = '';
    while (id.length < reportIdLength) {
      for (const byte of random(reportIdLength)) {
        if (byte < unbiasedByteLimit && id.length < reportIdLength) id += reportIdAlphabet[byte % reportIdAlphabet.length];
      }
    }
    if (!takenIds.has(id)) return id;
  }
}
