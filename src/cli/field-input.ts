import { countryCodes } from '../schema/country-codes.ts';
import { nearest } from '../load/did-you-mean.ts';

/** English country names by code, from the runtime's own CLDR data. */
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
const codeByName = new Map([...countryCodes].map((code) => [countryNames.of(code)!.toLowerCase(), code]));

/** A country as people type it ("fr", "France") as the ISO code the schema wants; anything else as typed. */
export function countryCodeFrom(answer: string): string {
  const trimmed = answer.trim();
  if (/^[a-z]{2}$/i.test(trimmed)) return trimmed.toUpperCase();
  return codeByName.get(trimmed.toLowerCase()) ?? trimmed;
}

/** The code of the country whose name is nearest a mistyped one ("Frnace" -> FR), to offer, never to assume. */
export function likelyCountryCode(answer: string): string | undefined {
  const name = answer.trim().length > 3 ? nearest(answer.trim(), [...codeByName.keys()]) : undefined;
  return name === undefined ? undefined : codeByName.get(name);
}

/** "Q243", "q243" or a Wikidata address ending in the id all mean Q243. */
export function wikidataIdFrom(answer: string): string {
  const match = /(?:^|\/)([qQ][1-9]\d*)\/?$/.exec(answer.trim());
  return match ? `Q${match[1]!.slice(1)}` : answer.trim();
}

/** A number when the text is one, so YAML gets a number; the text otherwise, for the validator to point at. */
export function numberFrom(answer: string): number | string {
  const value = Number(answer.trim());
  return answer.trim() !== '' && Number.isFinite(value) ? value : answer;
}
