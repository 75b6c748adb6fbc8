import type { WatchEntry } from '../../schema/watch-sources.ts';
import type { MethodContext, SourceReading } from '../observation.ts';
import { readFeed } from './feed.ts';
import { readIcal } from './ical.ts';
import { readJsonLd } from './jsonld.ts';
import { readNps } from './nps.ts';
import { readWikidata } from './wikidata.ts';

/** Reads one source by its method; a fault in a method's own code is that source's failure too. */
export async function readSource(entry: WatchEntry, context: MethodContext): Promise<SourceReading> {
  try {
    switch (entry.method) {
      case 'nps':
        return await readNps(entry.parameters, context);
      case 'jsonld':
        return await readJsonLd(entry.parameters, context);
      case 'ical':
        return await readIcal(entry.parameters, context);
      case 'feed':
        return await readFeed(entry.parameters, context);
      case 'wikidata':
        return await readWikidata(entry.parameters, context);
    }
  } catch (error) {
    return { ok: false, checkedUrl: entry.key, error: `the ${entry.method} reader failed: ${(error as Error).message}` };
  }
}
