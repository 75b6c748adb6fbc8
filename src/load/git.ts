import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * What a git command run in `cwd` prints; it rejects when git fails or is not installed. Listings
 * of a million files run to about 100 MB, so the output may be up to 1 GiB.
 */
export const git = async (cwd: string, args: readonly string[]): Promise<string> => (await run('git', args, { cwd, maxBuffer: 1024 * 1024 * 1024 })).stdout;

/**
 * What a git command prints, as bytes: a listing read entry by entry stays out of the heap, where
 * its text (120 MB at a million files) was held at the load's fullest, beside the parse cache.
 */
export const gitBytes = async (cwd: string, args: readonly string[]): Promise<Buffer> => (await run('git', args, { cwd, maxBuffer: 1024 * 1024 * 1024, encoding: 'buffer' })).stdout;
