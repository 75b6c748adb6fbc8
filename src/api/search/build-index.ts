import type { StoredLandmarkSummary } from '../../schema/api.ts';
import { searchFields, type SearchField } from './fields.ts';
import { joinedWordOf } from './joined-words.ts';
import { formsOfWord, withoutPossessives } from './word-variants.ts';
import { minimumTypoLength } from './match-word.ts';
import { endingShardKeyOf, shardKeyOf, wordsOf } from './normalize.ts';
import type { SearchShard } from './shard.ts';

function fieldTexts(landmark: StoredLandmarkSummary): [SearchField, string][] {
  return [
    ['name', landmark.name],
    ...landmark.aliases.map((alias): [SearchField, string] => ['alias', alias]),
    ['city', landmark.location.city ?? ''],
    ['region', landmark.location.region ?? ''],
    ['country', `${landmark.location.countryName} ${landmark.location.country}`],
  ];
}

/**
 * Everything buildSearchShards reads of the landmarks, a JSON text per landmark in their order:
 * the same texts, the same shards. A rebuild that changed only reports (which no search reads)
 * finds them unchanged. One text per landmark rather than one for all: at 100k landmarks, the
 * whole list as one JSON text took 0.3-0.5 s of every rebuild, these and their digest 0.09 s.
 */
export function* searchInputTexts(landmarks: readonly StoredLandmarkSummary[]): Generator<string> {
  for (const landmark of landmarks) yield JSON.stringify([fieldTexts(landmark), landmark.wikipediaEditions]);
}

/** Names and aliases are what people type as one word; places are typed as they are. */
const joinedFieldOf: Partial<Record<SearchField, SearchField>> = { name: 'joinedName', alias: 'joinedAlias' };

/** The shortest word a typo-length query word can be one edit from: one letter shorter. */
const shortestEnding = minimumTypoLength - 1;

/** Builds every shard of the search index from the landmarks in slug order. */
export function buildSearchShards(landmarks: readonly StoredLandmarkSummary[]): Map<string, SearchShard> {
  const masksByWord = new Map<string, Map<number, number>>();
  const add = (word: string, index: number, field: SearchField) => {
    const masks = masksByWord.get(word) ?? new Map<number, number>();
    masks.set(index, (masks.get(index) ?? 0) | searchFields[field].bit);
    masksByWord.set(word, masks);
  };
  landmarks.forEach((landmark, index) => {
    for (const [field, text] of fieldTexts(landmark)) {
      const words = wordsOf(text);
      const variants = new Set([...words, ...wordsOf(withoutPossessives(text))].flatMap(formsOfWord));
      for (const word of variants) add(word, index, field);
      const joinedField = joinedFieldOf[field];
      const joined = joinedWordOf(words);
      if (joinedField && joined) add(joined, index, joinedField);
    }
  });

  const shards = new Map<string, SearchShard>();
  const shardOf = (key: string) => shards.get(key) ?? shards.set(key, { words: {} }).get(key)!;
  const popularityOf = (index: number) => landmarks[index]!.wikipediaEditions ?? 0;
  const endings = new Map<string, { word: string; popularity: number }[]>();
  for (const word of [...masksByWord.keys()].sort()) {
    const masks = masksByWord.get(word)!;
    shardOf(shardKeyOf(word)).words[word] = [...masks].flatMap(([index, mask]) => [index, mask, popularityOf(index)]);
    if ([...word].length < shortestEnding) continue;
    let popularity = 0;
    for (const index of masks.keys()) popularity = Math.max(popularity, popularityOf(index));
    const key = endingShardKeyOf(word);
    (endings.get(key) ?? endings.set(key, []).get(key)!).push({ word, popularity });
  }
  // Most popular first: a query reads the landmarks of only the first few candidates (first-letter-typos.ts).
  for (const [key, words] of endings) {
    shardOf(key).endings = words.sort((a, b) => b.popularity - a.popularity || (a.word < b.word ? -1 : 1)).map(({ word }) => word);
  }
  return shards;
}
