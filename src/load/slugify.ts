import { foldLetters } from '../domain/fold-letters.ts';

/**
 * The slug a name stands for: lowercase ASCII words joined by hyphens, diacritics dropped
 * ("Schönbrunn Palace" -> "schonbrunn-palace"). Two file names with the same slugified form would
 * name one landmark twice, and clash on case-insensitive file systems (macOS, Windows).
 */
export function slugify(text: string): string {
  return foldLetters(text)
    // "St. Basil's" is st-basils, as people write it in an address, not st-basil-s ("d'Amiens" stays d-amiens).
    .replace(/['’ʼ](?=s\b)/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
