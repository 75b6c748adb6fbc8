import { mkdtemp, readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keptStore } from '../../src/kept/kept-store.ts';

const version = { format: 3, fingerprint: 'code v1' };
const body = { state: { head: 'abc123', folders: 'content\u0000content/reports' }, counts: [1_000, 2_000], note: 'Café, 清水寺 🏗️' };

async function storeWithManifest() {
  const dir = await mkdtemp(path.join(tmpdir(), 'lcr-kept-store-'));
  const store = keptStore(dir, version);
  await store.writeManifest(body);
  return { dir, store, text: await readFile(store.manifestFile, 'utf8') };
}

describe('a kept store’s manifest', () => {
  it('reads back as the body written, text outside ASCII included, by either read', async () => {
    const { dir, store } = await storeWithManifest();
    expect(await store.readManifest()).toEqual(body);
    expect(store.readManifestSync()).toEqual(body);
    // Another store over the same folder, with the same version, reads it as well.
    expect(await keptStore(dir, { ...version }).readManifest()).toEqual(body);
  });

  it('reads as none when written by another format or other code', async () => {
    const { dir } = await storeWithManifest();
    expect(await keptStore(dir, { ...version, format: 4 }).readManifest()).toBeUndefined();
    expect(await keptStore(dir, { ...version, fingerprint: 'code v2' }).readManifest()).toBeUndefined();
  });

  it('reads as none when its body or its seal was changed, or the file cut short, and the store is made again', async () => {
    const { store, text } = await storeWithManifest();
    // Still valid JSON, so only the seal can tell: a count that would be trusted otherwise.
    await writeFile(store.manifestFile, text.replace('1000', '1001'));
    expect(await store.readManifest()).toBeUndefined();
    expect(store.readManifestSync()).toBeUndefined();
    const seal = /"seal":"([0-9a-f]{64})"/.exec(text)![1]!;
    await writeFile(store.manifestFile, text.replace(seal, `${seal.slice(0, -1)}${seal.endsWith('0') ? '1' : '0'}`));
    expect(await store.readManifest()).toBeUndefined();
    await writeFile(store.manifestFile, text);
    await truncate(store.manifestFile, text.length - 10);
    expect(await store.readManifest()).toBeUndefined();

    await store.writeManifest(body);
    expect(await store.readManifest()).toEqual(body);
  });

  it('reads as none when there is none', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lcr-kept-store-'));
    expect(await keptStore(dir, version).readManifest()).toBeUndefined();
    expect(keptStore(dir, version).readManifestSync()).toBeUndefined();
  });
});
