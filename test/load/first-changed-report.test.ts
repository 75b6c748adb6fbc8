import { describe, expect, it } from 'vitest';
import { firstChangedReport } from '../../src/load/first-changed-report.ts';

describe('the first report a set of changed files changes', () => {
  it('is the least id among the changed report files, added, edited or deleted alike', () => {
    expect(firstChangedReport(['content/reports/trevi-fountain/m2x9k4qz7a.md', 'content/reports/colosseum/c4k7w2p9xr.md', 'content/reports/trevi-fountain/q8d3n5v2hb.md'])).toBe('c4k7w2p9xr');
  });

  it('is unknown when a landmark or any other file changed too: its reports, or every landmark, may change', () => {
    expect(firstChangedReport(['content/reports/colosseum/c4k7w2p9xr.md', 'content/landmarks/colosseum.md'])).toBeUndefined();
    expect(firstChangedReport(['content/popularity.yaml', 'content/reports/colosseum/c4k7w2p9xr.md'])).toBeUndefined();
    expect(firstChangedReport([])).toBeUndefined();
  });
});
