import { invalidParameter, landmarkNotFound } from '../api-error.ts';
import { answerDay, maxStatusDays } from '../answer-day.ts';
import { addDays } from '../../schema/calendar.ts';
import { landmarkStatusOf, reportsToRead } from '../landmark-status.ts';
import type { Operation } from './context.ts';

/** The period asked about: one day (`on`, today by default) or a trip (`from` and `to` together). */
function periodAsked(now: Date, on: string | undefined, from: string | undefined, to: string | undefined): { from: string; to: string } {
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

export const getLandmarkStatusOperation: Operation<'getLandmarkStatus'> = async ({ store, now }, { slug, on, from, to }) => {
  const period = periodAsked(now, on, from, to);
  const landmark = await store.landmark(slug);
  if (!landmark) {
    throw landmarkNotFound(slug);
  }
  const read = await Promise.all(reportsToRead(landmark, period.from, period.to).map((id) => store.report(id)));
  return landmarkStatusOf(landmark, period.from, period.to, read.filter((report) => report !== undefined));
};
