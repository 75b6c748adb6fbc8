import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * What a git command run in `cwd` prints; it rejects when git fails or is not installed. Listings
 * of a million files run to about 100 MB, so the output may be up to 1 GiB.
 */
export const git = async (cwd: string, args: readonly string[]): Promise<string> => (await run('git', args, { cwd, maxBuffer: 1024 * 1024 * 1024 })).stdout;
