import path from 'node:path';
import { conditionMeanings, conditions } from '../schema/conditions.ts';
import { reportFrontmatter } from '../schema/report-frontmatter.ts';
import { sourceKinds } from '../schema/sources.ts';
import { checkKnown, checkWithSchema, optionalAnswer } from './answer-checks.ts';
import { localDay, missingFlagsMessage, readCommandLine, type CommandIo } from './command-line.ts';
import { indexContent } from './content-index.ts';
import { askQuestions, resolveAnswer, type AnswerCheck } from './prompter.ts';
import { newReportId } from '../drafts/report-id.ts';
import { reportFilePath, reportFileText } from '../drafts/report-file-text.ts';
import type { ReportDraft } from '../domain/report-draft.ts';
import { writeCheckedDraft } from './write-checked-draft.ts';

export const newReportUsage = `usage: npm run new-report -- --landmark <slug> --condition <condition> --summary "<one line>"
         [--observed YYYY-MM-DD] [--source-kind ${sourceKinds.join('|')}] [--source-name "<who>"]
         [--source-url <url>] [--from YYYY-MM-DD] [--until YYYY-MM-DD] [--until-kind announced|estimated]
         [--details "<markdown>"] [--root <dir>]
Run it in a terminal without flags to be asked for each value.
Conditions: ${conditions.join(', ')}.`;

const options = {
  landmark: { type: 'string' },
  condition: { type: 'string' },
  summary: { type: 'string' },
  observed: { type: 'string' },
  'source-kind': { type: 'string' },
  'source-name': { type: 'string' },
  'source-url': { type: 'string' },
  from: { type: 'string' },
  until: { type: 'string' },
  'until-kind': { type: 'string' },
  details: { type: 'string' },
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const flagsByField: Record<string, string> = {
  landmark: '--landmark',
  condition: '--condition',
  summary: '--summary',
  observedAt: '--observed',
  'source.kind': '--source-kind',
  'source.name': '--source-name',
  'source.url': '--source-url',
  source: '--source-url',
  from: '--from',
  until: '--until',
  untilKind: '--until-kind',
  body: '--details',
};

const requiredFlags = ['landmark', 'condition', 'summary'] as const;
const fields = reportFrontmatter.shape;

/** A numbered list, so a contributor can answer "6" for scaffolding. */
function conditionMenu(): string {
  const width = Math.max(...conditions.map((name) => name.length));
  return conditions.map((name, index) => `  ${index + 1}. ${name.padEnd(width)}  ${conditionMeanings[name]}`).join('\n');
}

function checkCondition(answer: string): AnswerCheck<string> {
  const byNumber = /^\d+$/.test(answer) ? conditions[Number(answer) - 1] : undefined;
  return checkWithSchema(fields.condition, byNumber ?? answer);
}

/** `npm run new-report`: writes a new report with a fresh id, checked before and after writing. Returns the exit code. */
export async function newReportCommand(args: string[], io: CommandIo, defaultRoot: string): Promise<number> {
  const parsed = readCommandLine(args, options, newReportUsage, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const root = path.resolve(values.root ?? defaultRoot);
  const index = await indexContent(root, io.now);
  const knownLandmark = (answer: string) =>
    checkKnown(answer, index.landmarkSlugs, 'the slug of a landmark in content/landmarks/', 'add the landmark first with npm run new-landmark');

  const missing = requiredFlags.filter((flag) => values[flag] === undefined);
  let draft: Omit<ReportDraft, 'id'>;
  if (missing.length > 0 && !io.interactive) {
    io.errors.write(missingFlagsMessage(missing, newReportUsage));
    return 1;
  }
  if (missing.length > 0) {
    const answered = await askQuestions(io, async (prompter): Promise<Omit<ReportDraft, 'id'>> => {
      prompter.say('New condition report. Press Enter to accept a value in [brackets]; Ctrl+C stops without writing.');
      const landmarkSlug = await resolveAnswer(prompter, values.landmark, '--landmark', 'Landmark (its slug, like eiffel-tower)', knownLandmark);
      if (values.condition === undefined) prompter.say(`Conditions:\n${conditionMenu()}`);
      const condition = await resolveAnswer(prompter, values.condition, '--condition', 'Condition (name or number)', checkCondition);
      const summary = await resolveAnswer(prompter, values.summary, '--summary', 'Summary (one line: what is affected)', (answer) => checkWithSchema(fields.summary, answer));
      const observedAt = await resolveAnswer(prompter, values.observed, '--observed', 'Observed on (YYYY-MM-DD)', (answer) => checkWithSchema(fields.observedAt, answer), localDay(io.now));
      const kind = await resolveAnswer(prompter, values['source-kind'], '--source-kind', 'Source (traveller: you saw it; official: the operator or an authority announced it; press: a news article)', (answer) => checkWithSchema(fields.source.shape.kind, answer), 'traveller');
      const checkUrl = (answer: string) => checkWithSchema(fields.source.shape.url, answer);
      const url = await resolveAnswer(prompter, values['source-url'], '--source-url', kind === 'traveller' ? 'Link where readers can check it (optional)' : 'Link to the page that documents it', kind === 'traveller' ? optionalAnswer(checkUrl) : checkUrl);
      const name = await resolveAnswer(prompter, values['source-name'], '--source-name', 'Who saw it or where it was published (optional)', optionalAnswer((answer) => checkWithSchema(fields.source.shape.name, answer)));
      // A visitor reports what they see; a start or an end ahead is what a notice or an article states.
      const announces = kind !== 'traveller' || values.from !== undefined || values.until !== undefined;
      const from = announces
        ? await resolveAnswer(prompter, values.from, '--from', 'Announced ahead? Its first day, YYYY-MM-DD (optional)', optionalAnswer((answer) => checkWithSchema(fields.from, answer)))
        : undefined;
      const until = announces
        ? await resolveAnswer(prompter, values.until, '--until', 'End the source stated, YYYY-MM-DD (optional)', optionalAnswer((answer) => checkWithSchema(fields.until, answer)))
        : undefined;
      const untilKind = until
        ? await resolveAnswer(prompter, values['until-kind'], '--until-kind', 'Is that end a stated date (announced) or an estimate (estimated)?', (answer) => checkWithSchema(fields.untilKind, answer), 'announced')
        : undefined;
      const details = values.details ?? (await prompter.ask('Details (optional, one paragraph; you can edit the file later)', { check: (answer) => ({ ok: true, value: answer }) }));
      return { landmarkSlug, condition, summary, observedAt, source: { kind, name, url }, from, until, untilKind: untilKind === 'announced' ? undefined : untilKind, details };
    });
    if (!answered) return 1;
    draft = answered;
  } else {
    const landmarkSlug = values.landmark!;
    // Checked before the slug becomes part of a path, so "../x" cannot write outside content/.
    const landmark = knownLandmark(landmarkSlug);
    if (!landmark.ok) {
      io.errors.write(`--landmark: ${landmark.message}; nothing was written.\n`);
      return 1;
    }
    draft = {
      landmarkSlug,
      condition: values.condition!,
      summary: values.summary!,
      observedAt: values.observed ?? localDay(io.now),
      source: { kind: values['source-kind'] ?? 'traveller', name: values['source-name'], url: values['source-url'] },
      from: values.from,
      until: values.until,
      untilKind: values['until-kind'],
      details: values.details,
    };
  }

  const id = newReportId(index.reportIds);
  const file = reportFilePath(draft.landmarkSlug, id);
  const text = reportFileText({ ...draft, id });
  const code = await writeCheckedDraft({ root, content: index.content, file, text, mode: 'create' }, io, { flagsByField });
  if (code === 0) {
    io.output.write(`Report id: ${id}. Add details below the frontmatter if you like, then open a pull request (CONTRIBUTING.md shows how).\n`);
  }
  return code;
}
