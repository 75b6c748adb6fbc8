import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const projectRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one of the project's scripts the way a person would, with the project's own Node. */
export async function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(projectRoot, 'scripts', script), ...args], {
      cwd: projectRoot,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

export const testSiteUrl = 'http://lcr.test';

/** Builds the site from the content under `contentRoot` into a fresh temporary folder. */
export async function buildSiteFrom(contentRoot: string, outDir?: string): Promise<string> {
  const out = outDir ?? path.join(await mkdtemp(path.join(tmpdir(), 'lcr-site-')), 'dist');
  const result = await runScript('build.ts', ['--content', contentRoot, '--out', out], { SITE_URL: testSiteUrl });
  if (result.code !== 0) throw new Error(`build failed:\n${result.stderr}${result.stdout}`);
  return out;
}
