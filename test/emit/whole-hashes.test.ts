import { createHash } from 'node:crypto';
import { link, mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startWholeHashes, type WholeHashes } from '../../src/emit/downloads/whole-hashes.ts';
import { partFileName } from '../../src/formats/download-resources.ts';

const name = 'reports.ndjson';
const download = { fileName: name, table: 'reports' } as const;
const sha256Of = async (files: readonly string[]) => createHash('sha256').update(Buffer.concat(await Promise.all(files.map((file) => readFile(file))))).digest('hex');

let root: string;
let hashes: WholeHashes | undefined;
afterEach(async () => {
  await hashes?.close();
  await rm(root, { recursive: true, force: true });
});

/** A last build's four parts in `published`, modified at `time` (seconds), and an empty folder for the next build. */
async function lastBuild(time: number) {
  root = await mkdtemp(path.join(tmpdir(), 'whole-hashes-'));
  const published = path.join(root, 'published');
  const staging = path.join(root, 'staging');
  await Promise.all([mkdir(published), mkdir(staging)]);
  const parts = [1, 2, 3, 4].map((number) => path.join(published, partFileName(name, number)));
  for (const [index, part] of parts.entries()) {
    await writeFile(part, `{"id":"part ${index + 1}"}\n`.repeat(1000 + index));
    await utimes(part, time, time);
  }
  return { published, staging, parts };
}

/** An edit that keeps a file's size and time, as one in the same tick of the clock would: seen only by reading it. */
async function editKeepingSizeAndTime(file: string, time: number) {
  const bytes = await readFile(file);
  bytes[2] = 'X'.charCodeAt(0);
  await writeFile(file, bytes);
  await utimes(file, time, time);
}

describe('the SHA-256 of a split download, whole', () => {
  it('is the hash of its files joined in order', async () => {
    const { parts } = await lastBuild(Date.now() / 1000 - 3600);
    hashes = startWholeHashes();
    expect(await hashes.of(name, parts)).toBe(await sha256Of(parts));
    expect(await hashes.of(name, [...parts].reverse())).toBe(await sha256Of([...parts].reverse()));
  });

  it('says which part could not be read', async () => {
    const { parts } = await lastBuild(Date.now() / 1000 - 3600);
    hashes = startWholeHashes();
    await rm(parts[2]!);
    await expect(hashes.of(name, parts)).rejects.toThrow(`could not hash the download's parts: ENOENT: no such file or directory, open '${parts[2]}'`);
  });

  it("starts from the last build's parts read ahead, as long as the new parts are those files, and reads the rest", async () => {
    const anHourAgo = Date.now() / 1000 - 3600;
    const { published, staging, parts } = await lastBuild(anHourAgo);
    hashes = startWholeHashes();
    await hashes.readAhead(published, [download]);
    // The next build links parts 1, 2 and 4 and writes a new part 3.
    const next = [1, 2, 3, 4].map((number) => path.join(staging, partFileName(name, number)));
    for (const index of [0, 1, 3]) await link(parts[index]!, next[index]!);
    await writeFile(next[2]!, '{"id":"part 3, changed"}\n');
    const [part1, part2, part3] = await Promise.all(next.map((file) => readFile(file)));
    // Parts 1 and 4 are edited where only reading them tells: part 1 was read ahead and is not
    // read again; part 4 comes after the changed part, so it is.
    await editKeepingSizeAndTime(parts[0]!, anHourAgo);
    await editKeepingSizeAndTime(parts[3]!, anHourAgo);
    const expected = createHash('sha256').update(Buffer.concat([part1!, part2!, part3!, await readFile(next[3]!)])).digest('hex');
    expect(expected).not.toBe(await sha256Of(next));

    expect(await hashes.of(name, next)).toBe(expected);
  });

  it('reads ahead only the parts before the one holding the first changed report', async () => {
    const anHourAgo = Date.now() / 1000 - 3600;
    const { published, staging, parts } = await lastBuild(anHourAgo);
    hashes = startWholeHashes();
    // Rows "part 1" to "part 4", one part each: a report between "part 3" and "part 4" is in part 3.
    await hashes.readAhead(published, [download], 'part 3, edited');
    const next = [1, 2, 3, 4].map((number) => path.join(staging, partFileName(name, number)));
    for (const [index, part] of parts.entries()) await link(part, next[index]!);
    // Edits only reading tells: part 2 was read ahead and is not read again; part 3 was not.
    const part2 = await readFile(parts[1]!);
    await editKeepingSizeAndTime(parts[1]!, anHourAgo);
    await editKeepingSizeAndTime(parts[2]!, anHourAgo);
    const [part1, , part3, part4] = await Promise.all(next.map((file) => readFile(file)));

    expect(await hashes.of(name, next)).toBe(createHash('sha256').update(Buffer.concat([part1!, part2, part3!, part4!])).digest('hex'));
  });

  it('reads a part again when it was modified too recently to be told apart from its next edit', async () => {
    // Ahead of the clock, as in the output store's test: a slow machine cannot make it settled.
    const unsettled = Date.now() / 1000 + 60;
    const { published, staging, parts } = await lastBuild(unsettled);
    hashes = startWholeHashes();
    await hashes.readAhead(published, [download]);
    const next = [1, 2, 3, 4].map((number) => path.join(staging, partFileName(name, number)));
    for (const [index, part] of parts.entries()) await link(part, next[index]!);
    await editKeepingSizeAndTime(parts[0]!, unsettled);

    expect(await hashes.of(name, next)).toBe(await sha256Of(next));
  });

  it('starts no thread for what is asked once it is closed', async () => {
    const { published, parts } = await lastBuild(Date.now() / 1000 - 3600);
    hashes = startWholeHashes();
    await hashes.close();
    await hashes.readAhead(published, [download], 'part 3');
    await expect(hashes.of(name, parts)).rejects.toThrow('the downloads were not all hashed: the build stopped first');
  });

  it('hashes every part when no site was published before', async () => {
    const { staging, parts } = await lastBuild(Date.now() / 1000 - 3600);
    hashes = startWholeHashes();
    await hashes.readAhead(path.join(staging, 'none'), [download]);
    expect(await hashes.of(name, parts)).toBe(await sha256Of(parts));
  });
});
