/**
 * Short forms travellers type for a word of a name, both ways: "saint basil" finds "St. Basil's
 * Cathedral", "st peter" a "Saint Peter" church.
 */
const shortForms: Readonly<Record<string, string>> = { st: 'saint', saint: 'st', mt: 'mount', mount: 'mt', ft: 'fort', fort: 'ft' };

/**
 * The text of a name as a traveller may also write it: without its possessive endings, since
 * "St. Basil's Cathedral" is asked for as "st basil" as often as "st basils".
 */
export const withoutPossessives = (text: string): string => text.replace(/['’ʼ]s\b/giu, '');

/** The word and the short or long form it stands for, if any. */
export const formsOfWord = (word: string): string[] => (shortForms[word] ? [word, shortForms[word]] : [word]);
