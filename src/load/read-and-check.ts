import { readFileSync } from 'node:fs';
import path from 'node:path';
import { blobIdOf } from './blob-ids.ts';
import { checkContentFileWithBody, type FileOutcome } from './check-content-file.ts';
import { startOfFile } from './problem.ts';

export interface CheckedFile {
  outcome: FileOutcome;
  /** The id of the bytes that were checked; the parse cache keeps the outcome under it. */
  blobId?: string;
}

/**
 * Reads one content file and checks it on its own; whatever goes wrong becomes a problem located at
 * it. A report's body comes apart from its outcome, for the parse workers to spool (body-spool.ts).
 */
export function readAndCheck(root: string, file: string): CheckedFile & { reportBody?: string } {
  try {
    const bytes = readFileSync(path.join(root, file));
    const { outcome, reportBody } = checkContentFileWithBody(file, bytes);
    return { outcome, blobId: blobIdOf(bytes), ...(reportBody !== undefined ? { reportBody } : {}) };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      outcome: {
        problems: [{
          file,
          ...startOfFile,
          field: 'file',
          message: `expected a file the validator can read; got an error: ${reason} (if the file looks right, report this as a bug in the validator)`,
        }],
      },
    };
  }
}
