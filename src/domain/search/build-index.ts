import type { StoredLandmarkSummary } from '../../schema/api.ts';
import { searchFields, type SearchField } from './fields.ts';
import { shardKeyOf, wordsOf } from './normalize.ts';
import type { SearchShard } from './shard.ts';

function fieldTexts(landmark: StoredLandmarkSummary): [SearchField, string][] {
  return [
    ['name', landmark.name],
    ...landmark.aliases.map((alias): [SearchField, string] => ['alias', alias]),
    ['city', landmark.location.city],
    ['region', landmark.location.region ?? ''],
    ['country', `${landmark.location.countryName} ${landmark.location.country}`],
  ];
}

/** Builds every shard of the search index from the landmarks in slug order. */
export function buildSearchShards(landmarks: readonly StoredLandmarkSummary[]): Map<string, SearchShard> {
  const masksByWord = new Map<string, Map<number, number>>();
  landmarks.forEach((landmark, index) => {
    for (const [field, text] of fieldTexts(landmark)) {
      for (const word of wordsOf(text)) {
        const masks = masksByWord.get(word) ?? new Map<number, number>();
        masks.set(index, (masks.get(index) ?? 0) | searchFields[field].bit);
        masksByWord.set(word, masks);
      }
    }
  });
  const shards = new Map<string, SearchShard>();
  for (const word of [...masksByWord.keys()].sort()) {
    const key = shardKeyOf(word);
    const shard = shards.get(key) ?? { words: {} };
    shard.words[word] = [...masksByWord.get(word)!].flatMap(([index, mask]) => [index, mask, landmarks[index]!.wikipediaEditions ?? 0]);
    shards.set(key, shard);
  }
  return shards;
}
