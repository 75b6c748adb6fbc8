import { parseFeed } from '@rowanmanning/feed-parser';
import { foldLetters } from '../../domain/fold-letters.ts';
import { addDays, dayOfInstant } from '../../schema/calendar.ts';
import { failed, oneLine, type MethodContext, type Observation, type SourceReading } from '../observation.ts';

/**
 * An operator's news feed (RSS 2.0 or Atom): an item whose title or text contains one of the
 * `match` words (case and accents ignored) is proposed as a closure, dated by the day read. News
 * gives no machine-readable period, so the reviewer completes the report from the item's page. A
 * feed with no items at all is a failure: a news feed always lists some.
 */

/** Items older than this are history, not news of a closure to come or under way. */
const newestItemsDays = 31;

export async function readFeed(parameters: { url: string; match: readonly string[] }, context: MethodContext): Promise<SourceReading> {
  const { fetcher, now, landmark } = context;
  const answer = await fetcher.get(parameters.url, { accept: 'application/atom+xml, application/rss+xml, application/xml;q=0.9, text/xml;q=0.8' });
  if (!answer.ok) return failed(parameters.url, answer.error);
  if (answer.body.trim() === '') return failed(parameters.url, 'the answer was empty');
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(answer.body);
  } catch (error) {
    return failed(parameters.url, `the answer is not RSS or Atom (${(error as Error).message})`);
  }
  if (feed.items.length === 0) return failed(parameters.url, 'the feed lists no items');
  const words = parameters.match.map(foldLetters);
  const oldest = addDays(dayOfInstant(now.getTime()), -newestItemsDays);
  const readAt = now.toISOString();
  const host = new URL(parameters.url).hostname;
  const observations: Observation[] = [];
  for (const item of feed.items) {
    const text = foldLetters(`${item.title ?? ''} ${item.description ?? ''} ${item.content ?? ''}`);
    const published = item.published ?? item.updated;
    if (!words.some((word) => text.includes(word))) continue;
    if (published && dayOfInstant(published.getTime()) < oldest) continue;
    const id = item.id ?? item.url;
    const url = item.url && item.url.startsWith('https://') ? item.url : parameters.url;
    if (!id) continue;
    observations.push({
      itemId: id,
      condition: 'closed',
      summary: oneLine(`${landmark.name}: ${item.title ?? 'closure announced'}`),
      url,
      sourceName: feed.title ?? host,
      kind: 'official',
      readAt,
      details: `The operator's news feed carries "${item.title ?? ''}"${published ? ` (published ${published.toISOString().slice(0, 10)})` : ''}. Check the item's page for the period and the parts affected, and correct the condition, from and until before merging.`,
    });
  }
  return { ok: true, observations, itemsListed: feed.items.length, checkedUrl: parameters.url };
}
