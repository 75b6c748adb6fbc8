/** Letters that Unicode does not decompose into a base letter and a mark. */
const plainLetters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * The slug a name stands for: lowercase ASCII words joined by hyphens, diacritics dropped
 * ("Schönbrunn Palace" -> "schonbrunn-palace"). Two file names with the same slugified form would
 * name one landmark twice, and clash on case-insensitive file systems (macOS, Windows).
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => plainLetters[letter] ?? letter)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
