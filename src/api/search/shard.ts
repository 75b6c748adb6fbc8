/**
 * One shard of the search index, keyed by two characters, as the build makes it.
 *
 * `words`: every word starting with those characters and the landmarks it occurs in, as flat
 * triples [landmark index, field bits, Wikipedia editions], in landmark order (a query merges
 * them in that order, word-scores.ts). The landmark index is the landmark's position in slug
 * order, the order of the list chunks.
 *
 * `endings`: the words of typo length ending with those characters, most popular first, without
 * their landmarks: a query word misspelt in its first letters finds here the words one edit away,
 * then reads their landmarks in their own shards (first-letter-typos.ts). The list rides in the
 * file of the same two characters so that it adds no files to the asset budget.
 */
export interface StoredSearchShard {
  words: Record<string, number[]>;
  endings?: string[];
}

export const postingWidth = 3;

/**
 * A shard as a query reads it: its words, and each word's postings and the endings only when
 * asked for. The file is a keyed-records file (src/api/data-products/keyed-records.ts) keyed by
 * word, so that a query parses the postings of the words it matches alone: at 100k landmarks a
 * shard is up to 0.4 MB of JSON, and the bench's query words match about half of their shards' bytes.
 */
export interface SearchShard {
  readonly words: readonly string[];
  has(word: string): boolean;
  postings(word: string): Promise<readonly number[]>;
  endings(): Promise<readonly string[]>;
}

/** The key of the endings among the words' in a shard's file: no word is empty. */
const endingsKey = '';

/** A shard's records for its file: the endings, when it has any, then each word's postings. */
export const searchShardEntries = ({ words, endings }: StoredSearchShard): [string, unknown][] => [
  ...(endings ? [[endingsKey, endings] as [string, unknown]] : []),
  ...Object.entries(words),
];

/** A shard over its file's keys and a way to read one of its records. */
export function searchShardOver(keys: readonly string[], record: <T>(key: string) => Promise<T | undefined>): SearchShard {
  const words = keys.filter((key) => key !== endingsKey);
  let known: Set<string> | undefined;
  return {
    words,
    has: (word) => (known ??= new Set(words)).has(word),
    postings: async (word) => (await record<number[]>(word)) ?? [],
    endings: async () => (await record<string[]>(endingsKey)) ?? [],
  };
}
