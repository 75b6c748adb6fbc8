import path from 'node:path';
import { landmarkFrontmatter, landmarkSlug as landmarkSlugSchema } from '../schema/landmark-frontmatter.ts';
import { slugify } from '../load/slugify.ts';
import type { Problem } from '../load/problem.ts';
import { checkWithSchema, optionalAnswer } from './answer-checks.ts';
import { missingFlagsMessage, readCommandLine, type CommandIo } from './command-line.ts';
import { indexContent } from './content-index.ts';
import { countryCodeFrom, likelyCountryCode, numberFrom, wikidataIdFrom } from './field-input.ts';
import { landmarkFilePath, landmarkFileText, type LandmarkDraft } from '../drafts/landmark-file-text.ts';
import { askQuestions, resolveAnswer, type AnswerCheck } from './prompter.ts';
import { writeCheckedDraft } from './write-checked-draft.ts';

export const newLandmarkUsage = `usage: npm run new-landmark -- --name "<name>" --city "<city>" --country <code> --lat <deg> --lon <deg>
         --wikidata <Q-id> [--slug <slug>] [--region "<region>"] [--alias "<other name>"]...
         [--website <url>] [--description "<markdown>"] [--root <dir>]
The slug (the file name) defaults to the name in lowercase ASCII words joined by hyphens.
Run it in a terminal without flags to be asked for each value.`;

const options = {
  slug: { type: 'string' },
  name: { type: 'string' },
  alias: { type: 'string', multiple: true },
  city: { type: 'string' },
  region: { type: 'string' },
  country: { type: 'string' },
  lat: { type: 'string' },
  lon: { type: 'string' },
  wikidata: { type: 'string' },
  website: { type: 'string' },
  description: { type: 'string' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const flagsByField: Record<string, string> = {
  file: '--slug',
  name: '--name',
  'aliases.N': '--alias',
  'location.city': '--city',
  'location.region': '--region',
  'location.country': '--country',
  'coordinates.lat': '--lat',
  'coordinates.lon': '--lon',
  wikidata: '--wikidata',
  website: '--website',
  body: '--description',
};

const requiredFlags = ['name', 'city', 'country', 'lat', 'lon', 'wikidata'] as const;
const fields = landmarkFrontmatter.shape;

const checkCountry = (answer: string): AnswerCheck<string> => {
  const checked = checkWithSchema(fields.location.shape.country, countryCodeFrom(answer));
  const suggestion = checked.ok ? undefined : likelyCountryCode(answer);
  return checked.ok || !suggestion ? checked : { ...checked, message: `${checked.message} (did you mean ${suggestion}?)`, suggestion };
};

/** `npm run new-landmark`: writes content/landmarks/<slug>.md, checked before and after writing. Returns the exit code. */
export async function newLandmarkCommand(args: string[], io: CommandIo, defaultRoot: string): Promise<number> {
  const parsed = readCommandLine(args, options, newLandmarkUsage, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const root = path.resolve(values.root ?? defaultRoot);
  const index = await indexContent(root, io.now);
  const checkSlug = (answer: string): AnswerCheck<string> => {
    const checked = checkWithSchema(landmarkSlugSchema, answer);
    if (!checked.ok) return { ...checked, ...(slugify(answer) ? { suggestion: slugify(answer) } : {}) };
    if (index.landmarkSlugs.includes(answer)) return { ok: false, message: `expected a new slug; got "${answer}", which ${landmarkFilePath(answer)} already has (add a report to it instead, or choose another slug)` };
    return checked;
  };

  const missing = requiredFlags.filter((flag) => values[flag] === undefined);
  if (missing.length > 0 && !io.interactive) {
    io.errors.write(missingFlagsMessage(missing, newLandmarkUsage));
    return 1;
  }
  let draft: LandmarkDraft;
  if (missing.length > 0) {
    const answered = await askQuestions(io, async (prompter): Promise<LandmarkDraft> => {
      prompter.say('New landmark. Press Enter to accept a value in [brackets]; Ctrl+C stops without writing.');
      const name = await resolveAnswer(prompter, values.name, '--name', 'Name (the usual English name)', (answer) => checkWithSchema(fields.name, answer));
      const slug = await resolveAnswer(prompter, values.slug, '--slug', 'Slug (the file name)', checkSlug, slugify(name) || undefined);
      const aliases =
        values.alias ??
        (await prompter.ask('Other names, separated by commas (optional)', {
          check: (answer) => ({ ok: true, value: answer.split(',').map((alias) => alias.trim()).filter(Boolean) }),
        }));
      const city = await resolveAnswer(prompter, values.city, '--city', 'City, town or nearest settlement', (answer) => checkWithSchema(fields.location.shape.city, answer));
      const region = await resolveAnswer(prompter, values.region, '--region', 'State, province or region (optional)', optionalAnswer((answer) => checkWithSchema(fields.location.shape.region, answer)));
      const country = await resolveAnswer(prompter, values.country, '--country', 'Country (code like FR, or English name)', checkCountry);
      const lat = await resolveAnswer(prompter, values.lat, '--lat', 'Latitude (decimal degrees, like 48.8584)', (answer) => checkWithSchema(fields.coordinates.shape.lat, numberFrom(answer)));
      const lon = await resolveAnswer(prompter, values.lon, '--lon', 'Longitude (decimal degrees, like 2.2945)', (answer) => checkWithSchema(fields.coordinates.shape.lon, numberFrom(answer)));
      const wikidata = await resolveAnswer(prompter, values.wikidata, '--wikidata', 'Wikidata id (like Q243, or the item\'s address)', (answer) => checkWithSchema(fields.wikidata, wikidataIdFrom(answer)));
      const website = await resolveAnswer(prompter, values.website, '--website', 'Official website (optional)', optionalAnswer((answer) => checkWithSchema(fields.website, answer)));
      const description = values.description ?? (await prompter.ask('Short description (optional; you can edit the file later)', { check: (answer) => ({ ok: true, value: answer }) }));
      return { slug, name, aliases, city, region, country, lat, lon, wikidata, website, description };
    });
    if (!answered) return 1;
    draft = answered;
  } else {
    const slug = values.slug ?? slugify(values.name!);
    // Checked before the slug becomes part of a path, so "../x" cannot write outside content/.
    const checkedSlug = checkSlug(slug);
    if (!checkedSlug.ok) {
      const reason = slug === '' ? 'the name has no Latin letters or digits to make a slug from; give one with --slug' : checkedSlug.message;
      io.errors.write(`--slug: ${reason}; nothing was written.\n`);
      return 1;
    }
    draft = {
      slug,
      name: values.name!,
      aliases: values.alias ?? [],
      city: values.city!,
      region: values.region,
      country: countryCodeFrom(values.country!),
      lat: numberFrom(values.lat!),
      lon: numberFrom(values.lon!),
      wikidata: wikidataIdFrom(values.wikidata!),
      website: values.website,
      description: values.description,
    };
  }

  const file = landmarkFilePath(draft.slug);
  const text = landmarkFileText(draft);
  const hint = (problem: Problem): Problem => {
    const likely = problem.field === 'location.country' ? likelyCountryCode(String(draft.country)) : undefined;
    return likely ? { ...problem, message: `${problem.message} (did you mean ${likely}?)` } : problem;
  };
  const code = await writeCheckedDraft({ root, content: index.content, file, text, mode: 'create' }, io, { flagsByField, hint });
  if (code === 0) {
    const next = draft.description ? 'Open a pull request' : 'Add a short description below the frontmatter, then open a pull request';
    io.output.write(`${next} (CONTRIBUTING.md shows how). Reports go in content/reports/${draft.slug}/: npm run new-report -- --landmark ${draft.slug}\n`);
  }
  return code;
}
