import path from 'node:path';
import { sha256Hex } from './digests.ts';
import { codeFingerprint } from './fingerprint.ts';
import { keptStore } from './kept-store.ts';
import { parseCacheCodeLayers } from './parse-cache.ts';

/**
 * What a YAML data file of content/ parsed to (the watch's check records, the popularity counts),
 * kept from one run to the next under the SHA-256 of its text, in a store of its own inside the
 * parse cache's folder (which the workflows restore with it). The watch's records of 10,000
 * landmarks are 2.4-3.3 MB of YAML that take about 2 s to parse with positions and check (100,000:
 * 33 MB, 15 s), in every full load and in every rebuild that derives a watched landmark again (a
 * report of one edited); the kept JSON takes 0.06 s (1 s). Only data that passed its schema is
 * kept, and the fingerprint of the validation code is the store's: a file with problems is parsed
 * every time, so that they are told.
 */
export interface KeptDataFile {
  /** The data the text parsed to when last kept, if it was kept for this text. */
  parsed(): Promise<unknown>;
  /** Keeps `data` as what the text parses to; a failure to keep is not the caller's concern. */
  keep(data: unknown): Promise<void>;
}

const formatVersion = 1;

/** The body of a data file's manifest: the file, its text's digest, and what it parsed to. */
interface Kept {
  file: string;
  text: string;
  data: unknown;
}

let fingerprintOfThisCode: string | undefined;
/** Reckoned once per process, as the parse cache's is: it reads every source file of its layers. */
const validatorFingerprint = () => (fingerprintOfThisCode ??= codeFingerprint(parseCacheCodeLayers, [`parsed data file ${formatVersion}`]));

/** The kept parse of `file` (a path from the content root, like "content/watch/checks.yaml") with this text, in the parse cache's folder `cacheDir`. */
export function keptDataFile(cacheDir: string, file: string, text: string): KeptDataFile {
  const store = keptStore(path.join(cacheDir, 'data-files', path.basename(file)), { format: formatVersion, fingerprint: validatorFingerprint() });
  // Hashed once, for the look-up and the keeping both.
  const textDigest = sha256Hex(text);
  return {
    async parsed() {
      const kept = await store.readManifest<Kept>();
      return kept?.file === file && kept.text === textDigest ? kept.data : undefined;
    },
    async keep(data) {
      store.removeAbandoned();
      await store.writeManifest({ file, text: textDigest, data } satisfies Kept).catch(() => {});
    },
  };
}
