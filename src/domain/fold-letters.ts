/** Letters that Unicode does not decompose into a base letter and a mark. */
const foldedLetters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', ı: 'i', þ: 'th', ð: 'd' };

/**
 * Lowercase text without diacritics: "Sagrada Família" and "sagrada familia" read the same, as do
 * "Schönbrunn" and "schonbrunn". Search and slugs both fold with this, so a slug and a search for
 * the name it was made from always agree.
 */
export function foldLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłıþð]/g, (letter) => foldedLetters[letter] ?? letter);
}
