import { invalidParameter, landmarkNotFound } from '../api-error.ts';
import { answerDay, maxStatusDays } from '../answer-day.ts';
import { checkedLandmark } from '../checked-landmark.ts';
import { addDays } from '../../schema/calendar.ts';
import { landmarkStatusOf, reportsToRead } from '../../domain/landmark-status.ts';
import { z } from 'zod';
import { apiCacheControl, dayParameter, slug } from './parameters.ts';
import { landmarkStatus } from '../../schema/api.ts';
import { dayWindow } from '../answer-day.ts';
import { apiBasePath } from '../../domain/urls.ts';
import { declareOperation } from './declaration.ts';
import { watchCheckValidDays, watchHorizonDays } from '../../schema/watch-sources.ts';

/** The period asked about: one day (`on`, today by default) or a trip (`from` and `to` together). */
export function periodAsked(now: Date, on: string | undefined, from: string | undefined, to: string | undefined): { from: string; to: string } {
  if (from === undefined && to === undefined) {
    const day = answerDay(now, on, 'on');
    return { from: day, to: day };
  }
  if (on !== undefined) throw invalidParameter('on', 'give either on (one day) or from and to (a period), not both');
  if (from === undefined) throw invalidParameter('from', 'from is missing: a period needs both from and to, e.g. from=2027-03-10&to=2027-03-17');
  if (to === undefined) throw invalidParameter('to', 'to is missing: a period needs both from and to, e.g. from=2027-03-10&to=2027-03-17');
  const first = answerDay(now, from, 'from');
  const last = answerDay(now, to, 'to');
  if (last < first) throw invalidParameter('to', `to must be on or after from (${first}); got "${last}"`);
  if (last > addDays(first, maxStatusDays - 1)) {
    throw invalidParameter('to', `a period is at most ${maxStatusDays} days: to must be on or before ${addDays(first, maxStatusDays - 1)}; got "${last}"`);
  }
  return { from: first, to: last };
}

export const getLandmarkStatus = declareOperation({
  operationId: 'getLandmarkStatus',
  path: `${apiBasePath}/landmarks/{slug}/status`,
  title: 'Is it open on a day?',
  summary: 'Whether a landmark is open, affected by a condition, or unknown on a day or over a trip, with the report that decides it and why.',
  description:
    'Ask about one day with `on` (default: today, UTC) or a trip with `from` and `to` (at most ' + maxStatusDays + ' days). ' +
    '`answer` is open or affected when a report is in effect on that day (from <= day <= currentUntil). With none in effect, it is open only when a watched official source that lists dated closures (NPS operating-hours exceptions, JSON-LD special opening hours, an operator calendar) was read successfully within ' + watchCheckValidDays + ' days of the request, lists no closure that day, and the day is at most ' + watchHorizonDays + ' days after that read: then `check` names that source, its URL and when it was read. Otherwise it is unknown, never open by default. `checks` says what every watched source last found. ' +
    'Each stretch of days with the same answer names its deciding report (`evidence`: id, canonical URL, source, observed and confirmed dates, age on that day) and says why in `reason`; `next` is the next condition announced to start after the period. ' +
    'Cite `evidence.url`.',
  tag: 'Landmarks',
  input: z.strictObject({
    slug,
    on: dayParameter('on', `The day to answer for, YYYY-MM-DD (UTC); today when omitted. ${dayWindow.earliest} to ${dayWindow.yearsAhead} years ahead.`).optional(),
    from: dayParameter('from', 'First day of a trip, YYYY-MM-DD; give `to` too, and no `on`.').optional(),
    to: dayParameter('to', `Last day of a trip, YYYY-MM-DD, on or after from and at most ${maxStatusDays} days in all.`).optional(),
  }),
  response: landmarkStatus,
  responseName: 'LandmarkStatus',
  errors: [
    { status: 400, when: `on, from or to is not a real date YYYY-MM-DD from ${dayWindow.earliest} to ${dayWindow.yearsAhead} years ahead; on is given with from or to; only one of from and to is given; to is before from; or the period is longer than ${maxStatusDays} days` },
    { status: 404, when: 'no landmark has this slug' },
  ],
  cacheControl: apiCacheControl,
  exampleMistake: { slug: 'eiffel-tower', from: '2027-03-14' },
  exampleRequest: ({ landmark }) => ({ slug: landmark.slug }),
  async run({ store, now }, { slug, on, from, to }) {
    const period = periodAsked(now, on, from, to);
    const landmark = await checkedLandmark(store, slug);
    if (!landmark) {
      throw landmarkNotFound(slug);
    }
    const read = await Promise.all(reportsToRead(landmark, period.from, period.to, now).map((id) => store.report(id)));
    return landmarkStatusOf(landmark, period.from, period.to, read.filter((report) => report !== undefined), now);
  },
});
