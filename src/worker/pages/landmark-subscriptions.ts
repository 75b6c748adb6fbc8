import { atomFeed } from '../../formats/atom-feed.ts';
import { landmarkCalendar as calendarOf } from '../../formats/icalendar.ts';
import type { LandmarkDetail } from '../../schema/api.ts';

/** The entries a landmark's feed carries: enough for any reader, bounded whatever its history. */
export const landmarkFeedLength = 50;

/** What a subscriber to one landmark follows, beside its page: `/landmarks/<slug>.ics` and `.atom`. */
export const subscriptionUrls = (pageUrl: string) => ({ calendar: `${pageUrl}.ics`, feed: `${pageUrl}.atom` });

export function landmarkCalendar(landmark: LandmarkDetail): string {
  return calendarOf(landmark);
}

/** Its reports, most recently changed first, as Atom. */
export function landmarkFeed(landmark: LandmarkDetail): string {
  const reports = [...landmark.reports].sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : a.id < b.id ? -1 : 1)).slice(0, landmarkFeedLength);
  return atomFeed(
    {
      selfUrl: subscriptionUrls(landmark.urls.html).feed,
      pageUrl: landmark.urls.html,
      title: `${landmark.name}: condition reports`,
      subtitle: `Closures, scaffolding, refurbishment, restricted access and blocked views reported for ${landmark.name}, most recently changed first.`,
    },
    reports,
  );
}
