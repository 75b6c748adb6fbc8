/**
 * One shard of the search index, keyed by two characters.
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
export interface SearchShard {
  words: Record<string, number[]>;
  endings?: string[];
}

export const postingWidth = 3;
