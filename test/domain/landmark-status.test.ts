import { describe, expect, it } from 'vitest';
import { answeredLandmark, buildCatalogue, type CatalogueInput, type ReportInput } from '../../src/domain/catalogue.ts';
import { landmarkStatusOf, periodAnswerOf } from '../../src/domain/landmark-status.ts';

/**
 * The status logic on its own, from a catalogue built as the build builds it: which report decides
 * a day, how days group into stretches, and when the answer is unknown. The Worker's tests
 * (test/worker/plan-ahead.test.ts, supersession.test.ts, watch-evidence.test.ts, nearby.test.ts) check the same answers through the routes.
 */

const landmark = (slug: string): CatalogueInput['landmarks'][number] => ({
  slug,
  description: '',
  frontmatter: { name: slug, aliases: [], location: { city: 'Paris', country: 'FR' }, coordinates: { lat: 48.86, lon: 2.35 }, wikidata: 'Q1' },
});

const report = (id: string, landmarkSlug: string, frontmatter: Partial<ReportInput['frontmatter']> & Pick<ReportInput['frontmatter'], 'condition' | 'observedAt'>): ReportInput => ({
  id,
  landmarkSlug,
  details: '',
  frontmatter: { summary: `${frontmatter.condition} at ${landmarkSlug}`, confirmations: [], source: { kind: 'traveller' }, additionalSources: [], ...frontmatter },
});

const catalogue = buildCatalogue(
  {
    landmarks: [landmark('tower'), landmark('arch'), landmark('gate'), landmark('quiet')],
    reports: [
      // Scaffolding seen on 1 January: 90 days for scaffolding, so current until 1 April.
      report('scaffold1', 'tower', { condition: 'scaffolding', observedAt: '2026-01-01' }),
      // Announced on 1 February: closed from 1 March until 10 March.
      report('closure2', 'tower', { condition: 'closed', observedAt: '2026-02-01', from: '2026-03-01', until: '2026-03-10' }),
      // Seen open on 10 February, but the scaffolding was confirmed later, on 20 February.
      report('works3', 'arch', { condition: 'scaffolding', observedAt: '2026-01-01', confirmations: [{ date: '2026-02-20' }] }),
      report('open4', 'arch', { condition: 'open', observedAt: '2026-02-10' }),
      // Closed on 5 January (14 days), then seen open on 10 January.
      report('shut5', 'gate', { condition: 'closed', observedAt: '2026-01-05' }),
      report('open6', 'gate', { condition: 'open', observedAt: '2026-01-10' }),
    ],
  },
  'https://example.org/',
);

const now = new Date('2026-11-27T12:00:00Z');
const statusOf = (slug: string, from: string, to = from) => {
  const found = catalogue.landmarks.find((candidate) => candidate.slug === slug)!;
  return landmarkStatusOf(answeredLandmark(found, catalogue), from, to, [], now);
};
const stretchesOf = (status: ReturnType<typeof statusOf>) =>
  status.stretches.map((stretch) => [stretch.from, stretch.to, stretch.answer, stretch.condition, stretch.evidence?.reportId ?? stretch.lastKnown?.reportId ?? null]);

describe("a landmark's status on a day", () => {
  it('is decided by the report in effect that day, with its evidence and why', () => {
    const status = statusOf('tower', '2026-02-15');
    expect([status.answer, status.condition]).toEqual(['affected', 'scaffolding']);
    expect(status.stretches).toHaveLength(1);
    expect(status.stretches[0]!.evidence).toMatchObject({ reportId: 'scaffold1', currentUntil: '2026-04-01', ageDays: 45 });
    expect(status.reason).toBe(status.stretches[0]!.reason);
    expect(status.reason).toContain('current until 2026-04-01');
  });

  it('names a condition announced ahead as what comes next, not as the answer before it starts', () => {
    const status = statusOf('tower', '2026-02-15');
    expect(status.stretches[0]!.evidence?.reportId).toBe('scaffold1');
    expect(status.next).toMatchObject({ reportId: 'closure2', condition: 'closed', from: '2026-03-01', until: '2026-03-10' });
  });

  it('is decided by the most recently confirmed report in effect, not the latest observed', () => {
    const status = statusOf('arch', '2026-02-25');
    expect([status.answer, status.condition, status.stretches[0]!.evidence?.reportId]).toEqual(['affected', 'scaffolding', 'works3']);
  });

  it('is open when the deciding report says so', () => {
    const status = statusOf('gate', '2026-01-12');
    expect([status.answer, status.condition, status.stretches[0]!.evidence?.reportId]).toEqual(['open', 'open', 'open6']);
  });

  it('stops being decided by a report once it expires, without a rebuild', () => {
    // works3 was last confirmed on 20 February: 90 days for scaffolding make it current until 21 May.
    expect(statusOf('arch', '2026-05-21').answer).toBe('affected');
    expect([statusOf('arch', '2026-05-22').answer, statusOf('arch', '2026-05-22').condition]).toEqual(['unknown', null]);
  });
});

describe('unknown', () => {
  it('is the answer for a landmark nobody has reported on, and says so', () => {
    const status = statusOf('quiet', '2026-02-15');
    expect([status.answer, status.condition, status.stretches[0]!.lastKnown]).toEqual(['unknown', null, null]);
    expect(status.reason).toBe('Nobody has reported on this landmark yet, so its condition is unknown; a first report is welcome.');
  });

  it('is the answer before any report was made, never open by default', () => {
    const status = statusOf('tower', '2025-12-01');
    expect([status.answer, status.stretches[0]!.lastKnown]).toEqual(['unknown', null]);
    expect(status.reason).toBe('No report about this landmark had been made by 2025-12-01: nothing was known then.');
  });

  it('is the answer once every report has expired, citing the last known one', () => {
    const status = statusOf('tower', '2026-04-02');
    expect(status.answer).toBe('unknown');
    expect(status.stretches[0]!.lastKnown?.reportId).toBe('closure2');
    expect(status.reason).toBe('The last report (closed, 2026-02-01) expired on 2026-03-10: nobody has confirmed since.');
  });
});

describe('a trip', () => {
  it('is cut into stretches of consecutive days with the same deciding report', () => {
    const status = statusOf('tower', '2026-02-25', '2026-04-05');
    expect(stretchesOf(status)).toEqual([
      ['2026-02-25', '2026-02-28', 'affected', 'scaffolding', 'scaffold1'],
      ['2026-03-01', '2026-03-10', 'affected', 'closed', 'closure2'],
      ['2026-03-11', '2026-04-01', 'affected', 'scaffolding', 'scaffold1'],
      ['2026-04-02', '2026-04-05', 'unknown', null, 'closure2'],
    ]);
    expect([status.from, status.to, status.answer, status.condition]).toEqual(['2026-02-25', '2026-04-05', 'affected', 'scaffolding']);
    expect(status.reason).toBe('affected on 36 days, unknown on 4 days; each stretch says why.');
  });

  it('of one day is one stretch, and a year is a few stretches, not 366', () => {
    expect(statusOf('tower', '2026-03-05').stretches).toHaveLength(1);
    expect(stretchesOf(statusOf('tower', '2026-01-01', '2026-12-31'))).toEqual([
      ['2026-01-01', '2026-02-28', 'affected', 'scaffolding', 'scaffold1'],
      ['2026-03-01', '2026-03-10', 'affected', 'closed', 'closure2'],
      ['2026-03-11', '2026-04-01', 'affected', 'scaffolding', 'scaffold1'],
      ['2026-04-02', '2026-12-31', 'unknown', null, 'closure2'],
    ]);
  });
});

describe("a period's answer", () => {
  const open = { answer: 'open', condition: 'open' } as const;
  const unknown = { answer: 'unknown', condition: null } as const;
  const closed = { answer: 'affected', condition: 'closed' } as const;

  it('is affected when any day is, with the first affected condition', () => {
    expect(periodAnswerOf([open, unknown, closed, { answer: 'affected', condition: 'scaffolding' }])).toEqual({ answer: 'affected', condition: 'closed' });
  });

  it('is unknown when any day is and none is affected: a gap is never taken for open', () => {
    expect(periodAnswerOf([open, unknown, open])).toEqual({ answer: 'unknown', condition: 'open' });
  });

  it('is open only when every day is', () => {
    expect(periodAnswerOf([open, open])).toEqual({ answer: 'open', condition: 'open' });
  });
});
