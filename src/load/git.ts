import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Listings of a million files run to about 100 MB, so a command's output may be up to 1 GiB. */
const maxBuffer = 1024 * 1024 * 1024;

/**
 * What a git command run in `cwd` prints, as bytes; it rejects when git fails or is not installed.
 * A listing read entry by entry from its bytes stays out of the heap, where its text (120 MB at a
 * million files) was held at the load's fullest, beside the parse cache.
 */
export const gitBytes = async (cwd: string, args: readonly string[]): Promise<Buffer> => (await run('git', args, { cwd, maxBuffer, encoding: 'buffer' })).stdout;

/** What a git command run in `cwd` prints, as text. */
export const git = async (cwd: string, args: readonly string[]): Promise<string> => (await gitBytes(cwd, args)).toString('utf8');
