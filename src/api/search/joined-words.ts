/**
 * The word a name is typed as when the traveller leaves out its first space or hyphen: "Taj Mahal"
 * as "tajmahal", "Notre-Dame de Paris" as "notredame", "Golden Gate Bridge" as "goldengate".
 *
 * Only the first two words are joined. That is how names are run together ("goldengate bridge",
 * rarely "golden gatebridge"), and every joined word lands in the shard of its first word's
 * letters, so shards of common first words ("great", "saint", "church") grow with each one:
 * at 100k synthetic landmarks, joining every neighbouring pair and whole names made the largest
 * shard 1.3 MB, three times its size; the first pair alone adds under a tenth. A query word that
 * runs more words together is read as this word and the next (split-words.ts).
 */
export function joinedWordOf(words: readonly string[]): string | undefined {
  return words.length < 2 ? undefined : words[0]! + words[1]!;
}
