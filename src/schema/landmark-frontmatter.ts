import { z } from 'zod';
import { countryCodes } from './country-codes.ts';
import { watchSource } from './watch-sources.ts';
import { webAddress } from './web-address.ts';

/** A landmark's slug is its file name: lowercase ASCII words joined by hyphens. */
export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const landmarkSlug = z
  .string()
  .regex(slugPattern, { error: 'expected lowercase letters and digits in words joined by hyphens, like "eiffel-tower"' });

const countryCode = z
  .string({ error: 'expected an ISO 3166-1 alpha-2 country code in capitals, like "FR" or "GB"' })
  .refine((code) => countryCodes.has(code), { error: 'expected an ISO 3166-1 alpha-2 country code in capitals, like "FR" or "GB"' })
  .describe('ISO 3166-1 alpha-2 country code, e.g. FR.');

/**
 * Where an imported landmark's record came from: a file at one commit of a public git repository,
 * so that anyone can read the row it was made from, as it was.
 */
export const landmarkOrigin = z.strictObject({
  repository: z
    .string({ error: 'expected a GitHub repository as "owner/name"' })
    .regex(/^[\w.-]+\/[\w.-]+$/, { error: 'expected a GitHub repository as "owner/name"' })
    .describe('The GitHub repository holding the file, as owner/name.'),
  path: z.string().trim().min(1).max(300).describe('The file\'s path inside the repository.'),
  commit: z
    .string({ error: 'expected a full 40-character git commit id' })
    .regex(/^[0-9a-f]{40}$/, { error: 'expected a full 40-character git commit id' })
    .describe('The commit the file was read at.'),
  row: z.string().trim().min(1).max(100).describe('The row\'s key in that file (its Wikidata id, or the list\'s own id).'),
});

export type LandmarkOrigin = z.infer<typeof landmarkOrigin>;

/** Frontmatter of `content/landmarks/<slug>.md`; the body is a short description. */
export const landmarkFrontmatter = z.strictObject({
  name: z.string().trim().min(1).max(200).describe('The landmark\'s usual English name, diacritics included.'),
  aliases: z
    .array(z.string().trim().min(1).max(200))
    .default([])
    .describe('Other names people search for: native names, spellings without diacritics.'),
  location: z.strictObject({
    city: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe('City, town or nearest settlement; left out when not known (an imported landmark whose source names none), never guessed.'),
    region: z.string().trim().min(1).max(100).optional().describe('State, province or region.'),
    country: countryCode,
  }),
  coordinates: z.strictObject({
    lat: z.number().min(-90).max(90).describe('Latitude in decimal degrees (WGS 84).'),
    lon: z.number().min(-180).max(180).describe('Longitude in decimal degrees (WGS 84).'),
  }),
  wikidata: z
    .string({ error: 'expected a Wikidata item id like "Q243"' })
    .regex(/^Q[1-9]\d*$/, { error: 'expected a Wikidata item id like "Q243"' })
    .describe('Wikidata item id, e.g. Q243.'),
  website: webAddress.optional().describe('Official website.'),
  watch: z
    .array(watchSource)
    .max(10)
    .optional()
    .describe('Official sources that npm run watch reads on a schedule to propose reports: each entry one method and its parameters, like "- nps: { parkCode: grca }" or "- wikidata: {}".'),
  origin: landmarkOrigin.optional().describe('The open data file this landmark was imported from (npm run import-landmarks); absent when a person wrote it.'),
});

export type LandmarkFrontmatter = z.infer<typeof landmarkFrontmatter>;
