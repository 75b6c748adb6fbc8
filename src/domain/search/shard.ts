/**
 * One shard of the search index: for every word starting with the shard's two characters, the
 * landmarks it occurs in, as flat triples [landmark index, field bits, Wikipedia editions].
 * The landmark index is the landmark's position in slug order, the order of the list chunks.
 */
export interface SearchShard {
  words: Record<string, number[]>;
}

export const postingWidth = 3;
