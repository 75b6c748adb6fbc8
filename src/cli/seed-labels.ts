/**
 * Why a label from an open data file is not a landmark's name, or undefined when it reads as one.
 * Wikidata falls back to the item's id when an item has no label in a language, and some items are
 * labelled with a description ("a house where … lived") or their coordinates: none of these is what
 * a visitor would type, and a page titled with one would say nothing.
 */
export function notANameBecause(label: string): string | undefined {
  const text = label.trim();
  if (text === '') return 'the label is empty';
  if (/^[QPL]\d+$/i.test(text)) return 'the label is a Wikidata id, not a name';
  if (!/\p{L}/u.test(text)) return 'the label has no letters';
  if (/\b(unnamed|untitled|no name|nameless|unknown)\b/i.test(text)) return 'the label says the place has no name';
  if (/\d+(\.\d+)?\s*°|\b-?\d{1,3}\.\d{3,}\s*,\s*-?\d{1,3}\.\d{3,}\b/.test(text)) return 'the label is coordinates';
  if (/^\p{Ll}/u.test(text) && text.split(/\s+/).length >= 4) return 'the label is a lowercase phrase: a description, not a name';
  if (text.length > 120) return 'the label is over 120 characters: a description, not a name';
  // Scripts mixed inside one word ("сountry" with a Cyrillic с) are typing slips, not names.
  if (text.split(/\s+/).some((word) => /\p{Script=Latin}/u.test(word) && /\p{Script=Cyrillic}|\p{Script=Greek}/u.test(word))) {
    return 'a word of the label mixes Latin with Cyrillic or Greek letters';
  }
  return undefined;
}
