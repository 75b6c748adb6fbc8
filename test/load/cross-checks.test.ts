import { describe, expect, it } from 'vitest';
import { crossCheck, type Elsewhere } from '../../src/load/cross-checks.ts';
import type { Content, LandmarkRecord, ReportRecord } from '../../src/load/records.ts';

const now = new Date('2026-11-23T12:00:00Z');

const landmark = (slug: string, wikidata: string): LandmarkRecord => ({
  slug,
  file: `content/landmarks/${slug}.md`,
  frontmatter: { name: slug, wikidata } as LandmarkRecord['frontmatter'],
  description: '',
});

const report = (landmarkSlug: string, id: string): ReportRecord => ({
  id,
  landmarkSlug,
  file: `content/reports/${landmarkSlug}/${id}.md`,
  frontmatter: { condition: 'closed', summary: 'Closed.', observedAt: '2026-11-01', confirmations: [], source: { kind: 'traveller' }, additionalSources: [] } as unknown as ReportRecord['frontmatter'],
});

const landmarks = [landmark('big-ben', 'Q41225'), landmark('eiffel-tower', 'Q243'), landmark('louvre', 'Q19675')];

const idProblems = (content: Content) =>
  crossCheck(content, now).filter((problem) => problem.field === 'id').map((problem) => `${problem.file}: ${problem.message.match(/also used by (\S+)/)![1]}`);

describe('report ids across files', () => {
  it('names the first file on each later file with the same id, in id order as the loader gives', () => {
    const reports = [report('big-ben', 'aaaaaa1'), report('big-ben', 'k3x9m2p4qa'), report('eiffel-tower', 'k3x9m2p4qa'), report('louvre', 'k3x9m2p4qa'), report('big-ben', 'zzzzzz9')];
    expect(idProblems({ landmarks, reports })).toEqual([
      'content/reports/eiffel-tower/k3x9m2p4qa.md: content/reports/big-ben/k3x9m2p4qa.md',
      'content/reports/louvre/k3x9m2p4qa.md: content/reports/big-ben/k3x9m2p4qa.md',
    ]);
  });

  it('reports a draft that comes last, whatever the order of the others', () => {
    const reports = [report('louvre', 'zzzzzz9'), report('big-ben', 'k3x9m2p4qa'), report('eiffel-tower', 'aaaaaa1'), report('louvre', 'k3x9m2p4qa')];
    expect(idProblems({ landmarks, reports })).toEqual(['content/reports/louvre/k3x9m2p4qa.md: content/reports/big-ben/k3x9m2p4qa.md']);
  });

  it('finds nothing when every id is used once', () => {
    expect(idProblems({ landmarks, reports: [report('big-ben', 'aaaaaa1'), report('louvre', 'bbbbbb2')] })).toEqual([]);
  });
});

describe('the rest of the content, kept from the last build (a warm rebuild)', () => {
  const kept: Elsewhere = {
    landmarks: () => [
      { file: 'content/landmarks/tower-bridge.md', slug: 'tower-bridge', wikidata: 'Q83125' },
      { file: 'content/landmarks/colosseum.md', slug: 'colosseum', wikidata: 'Q10285' },
    ],
    reportWithId: (id) => (id === 'k3x9m2p4qa' ? 'content/reports/colosseum/k3x9m2p4qa.md' : undefined),
  };
  const messages = (content: Content) => crossCheck(content, now, kept).map((problem) => `${problem.file} ${problem.field}: ${problem.message.split(' (')[0]}`);

  it('is checked by the same rules as the files read again: ids, Wikidata ids and names', () => {
    const changed = { landmarks: [landmark('Tower_Bridge', 'Q1'), landmark('big-ben', 'Q10285')], reports: [report('big-ben', 'k3x9m2p4qa')] };
    expect(messages(changed)).toEqual([
      'content/landmarks/Tower_Bridge.md file: expected one file per landmark; got content/landmarks/tower-bridge.md as well, which is also "tower-bridge" once case and punctuation are ignored',
      'content/landmarks/big-ben.md wikidata: expected a Wikidata id used by one landmark only; got "Q10285", also used by content/landmarks/colosseum.md',
      'content/reports/big-ben/k3x9m2p4qa.md id: expected a unique report id; got "k3x9m2p4qa", also used by content/reports/colosseum/k3x9m2p4qa.md',
    ]);
  });

  it('finds nothing when the files read again clash with none of it', () => {
    expect(messages({ landmarks: [landmark('big-ben', 'Q41225')], reports: [report('big-ben', 'aaaaaa1')] })).toEqual([]);
  });
});
