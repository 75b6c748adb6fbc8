import { watchChecksFile, watchChecksPath, type WatchChecksFile } from '../schema/watch-checks.ts';
import type { Problem } from './problem.ts';
import { loadYamlDataFile } from './yaml-data-file.ts';

/** Reads `content/watch/checks.yaml` (npm run watch writes it); none yet is no check. With the parse cache's folder, a text read before is not parsed again. */
export async function loadWatchChecks(root: string, cacheDir?: string): Promise<{ checks: WatchChecksFile['checks']; problems: Problem[] }> {
  const { data, problems } = await loadYamlDataFile(root, watchChecksPath, watchChecksFile, cacheDir);
  return { checks: data?.checks ?? {}, problems };
}
