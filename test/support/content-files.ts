import { cp, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Writes a throwaway content tree (paths relative to the root, like "content/landmarks/x.md"). */
export async function writeContentTree(files: Record<string, string | Uint8Array>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'lcr-content-'));
  for (const [file, contents] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), contents);
  }
  return root;
}

/** The small site that the build, Worker and page tests serve: a few landmarks and reports, each showing a feature. */
export const smallSite = path.join(import.meta.dirname, '../fixtures/small-site');

/**
 * Copies a fixture's content/ into `root`, to be built there: a build keeps its caches in the
 * content root, and one of the fixture itself would write them into the repository.
 */
export async function copyFixtureInto(fixture: string, root: string): Promise<void> {
  await cp(path.join(fixture, 'content'), path.join(root, 'content'), { recursive: true });
}

/** A throwaway content root holding a copy of a fixture's content/ (copyFixtureInto). */
export async function copyOfFixture(fixture: string): Promise<string> {
  const root = await writeContentTree({});
  await copyFixtureInto(fixture, root);
  return root;
}

export const validLandmark = (name = 'Eiffel Tower', wikidata = 'Q243') => `---
name: ${name}
location:
  city: Paris
  country: FR
coordinates:
  lat: 48.8584
  lon: 2.2945
wikidata: ${wikidata}
---
A wrought-iron tower.
`;

export const validReport = (fields: Record<string, string> = {}) => {
  const merged = { condition: 'closed', summary: 'Closed by a strike.', observedAt: '2026-01-05', ...fields };
  return `---\n${Object.entries(merged)
    .map(([key, value]) => `${key}: ${value}`)
    .join('\n')}\nsource:\n  kind: traveller\n---\nDetails.\n`;
};

/** Report bodies a build could get wrong, by index: empty, not ASCII, with a comment left out of the published text, Windows line ends, near the largest a file may hold. */
export const trickyBodyOf = (index: number): { text: string; crlf?: boolean } => {
  switch (index % 5) {
    case 0:
      return { text: '' };
    case 1:
      return { text: `Closed in Tōkyō — café shut, 東京 ${index}.\n` };
    case 2:
      return { text: `Seen on the day.\n<!-- a note for reviewers, never published -->\nAfter the comment ${index}.\n` };
    case 3:
      return { text: `First line ${index}.\nSecond line.\n`, crlf: true };
    default:
      return { text: `${'A long account of the works. '.repeat(index === 4 ? 2_000 : 3)}${index}\n` };
  }
};
