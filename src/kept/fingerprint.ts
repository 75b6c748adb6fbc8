import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The layers of src/ whose code may shape what a store keeps. */
export type SourceLayer = 'schema' | 'domain' | 'formats' | 'api' | 'kept' | 'load' | 'emit';

const sourceRoot = path.join(import.meta.dirname, '..');

/**
 * The SHA-256, in hex, of everything besides its inputs that shapes what a store keeps: the source
 * code of `layers` (every .ts file, by path), the locked dependency versions (yaml, zod, …) and
 * `extra` (a format, the site's URLs, the runtime's versions). Any change to them starts the store
 * afresh, so a kept result is never one that today's code would not make.
 */
export function codeFingerprint(layers: readonly SourceLayer[], extra: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(`${part}\n`);
  for (const layer of layers) {
    for (const file of readdirSync(path.join(sourceRoot, layer), { recursive: true, encoding: 'utf8' }).sort()) {
      if (file.endsWith('.ts')) hash.update(`${layer}/${file}\n`).update(readFileSync(path.join(sourceRoot, layer, file)));
    }
  }
  const lockFile = path.join(sourceRoot, '../package-lock.json');
  if (existsSync(lockFile)) hash.update(readFileSync(lockFile));
  return hash.digest('hex');
}

const projectRoot = path.join(sourceRoot, '..');

/**
 * The SHA-256, in hex, of files of the project given by their paths from its root, whatever their
 * kind (an Astro page, a stylesheet, a setting): each file, and every file below each folder, by
 * path. For what shapes a store besides the TypeScript of the layers that codeFingerprint reads.
 */
export function projectFilesFingerprint(paths: readonly string[]): string {
  const hash = createHash('sha256');
  for (const given of paths) {
    const full = path.join(projectRoot, given);
    if (!existsSync(full)) continue;
    const files = statSync(full).isDirectory()
      ? readdirSync(full, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(projectRoot, path.join(entry.parentPath, entry.name)))
          .sort()
      : [given];
    for (const file of files) hash.update(`${file.split(path.sep).join('/')}\n`).update(readFileSync(path.join(projectRoot, file)));
  }
  return hash.digest('hex');
}
