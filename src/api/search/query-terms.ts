/**
 * A stretch of the query searched as one indexed word: a word as typed, or two neighbouring words
 * joined, for a name written as one word that the traveller split ("sky tree" for "Skytree").
 */
export interface QueryTerm {
  text: string;
  /** The position of its first query word. */
  first: number;
  /** How many query words it stands for. */
  span: 1 | 2;
}

/**
 * Every word of the query, and every two neighbours joined. A joined term starts with the letters
 * of its first word, so it reads no shard the words do not read already.
 */
export function queryTerms(words: readonly string[]): QueryTerm[] {
  const singles = words.map((text, first): QueryTerm => ({ text, first, span: 1 }));
  const pairs = words.slice(1).map((word, index): QueryTerm => ({ text: words[index]! + word, first: index, span: 2 }));
  return [...singles, ...pairs];
}
