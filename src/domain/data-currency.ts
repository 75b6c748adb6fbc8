import type { StoredCurrentCondition, StoredLandmarkSummary } from '../schema/api.ts';
import { conditionOn, nextUpcomingOn } from './condition-timeline.ts';
import { firstInOrder } from './first-in-order.ts';

/**
 * How current the data set is on a day: which landmarks a report in effect says something about,
 * which have a condition announced ahead, and the newest observation. The home and about pages
 * say it as of the day they were built; their dated lines are marked again as each is served.
 */
export interface DataCurrency {
  day: string;
  landmarkCount: number;
  /** Landmarks with a report in effect on the day, any condition (open included). */
  withCurrentReport: number;
  /** Landmarks affected on the day: a condition other than open in effect. */
  affectedCount: number;
  /** As many of them as asked for, the most recently confirmed first. */
  affected: { landmark: StoredLandmarkSummary; condition: StoredCurrentCondition }[];
  /** Landmarks with a condition announced by the day to start after it. */
  announcedCount: number;
  /** As many of those conditions as asked for, the soonest first, one per landmark. */
  announced: { landmark: StoredLandmarkSummary; condition: StoredCurrentCondition }[];
  newestObservation: string | null;
}

const byConfirmation = (a: StoredCurrentCondition, b: StoredCurrentCondition) => (a.lastConfirmedAt < b.lastConfirmedAt ? 1 : a.lastConfirmedAt > b.lastConfirmedAt ? -1 : 0);

/** How many of the affected and the announced landmarks a caller shows. */
export interface Shown {
  affected: number;
  announced: number;
}

type Entry = DataCurrency['affected'][number];
const soonestFirst = (a: Entry, b: Entry) => (a.condition.from < b.condition.from ? -1 : a.condition.from > b.condition.from ? 1 : 0);

export function dataCurrencyOn(landmarks: readonly StoredLandmarkSummary[], day: string, shown: Shown): DataCurrency {
  let withCurrentReport = 0;
  let newestObservation: string | null = null;
  const affected: DataCurrency['affected'] = [];
  const announced: DataCurrency['announced'] = [];
  for (const landmark of landmarks) {
    const found = conditionOn(landmark.conditionTimeline, day);
    if (found?.inEffect) {
      withCurrentReport++;
      if (found.condition.condition !== 'open') affected.push({ landmark, condition: found.condition });
    }
    const next = nextUpcomingOn(landmark.conditionTimeline, day);
    if (next) announced.push({ landmark, condition: next });
    if (landmark.latestObservedAt !== null && (newestObservation === null || landmark.latestObservedAt > newestObservation)) newestObservation = landmark.latestObservedAt;
  }
  return {
    day,
    landmarkCount: landmarks.length,
    withCurrentReport,
    affectedCount: affected.length,
    affected: firstInOrder(affected, shown.affected, (a, b) => byConfirmation(a.condition, b.condition)),
    announcedCount: announced.length,
    announced: firstInOrder(announced, shown.announced, soonestFirst),
    newestObservation,
  };
}
