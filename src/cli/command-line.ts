import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../load/did-you-mean.ts';
import { formatProblem, type Problem } from '../load/problem.ts';

/** Where a scaffolding command reads and writes: the process's streams, or test doubles. */
export interface CommandIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  errors: NodeJS.WritableStream;
  /** Whether a person is at a terminal to answer questions. */
  interactive: boolean;
  /** The clock, for today's date and "not in the future". */
  now: Date;
}

export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

export type ParsedCommandLine<T extends Options> = ReturnType<typeof parseCommandLine<T>>;

/**
 * What every scaffolding command does first: parse its flags, or answer --help (exit 0) or a
 * usage mistake (exit 2) with the usage text. Returns the parsed line, or the exit code to stop with.
 */
export function readCommandLine<T extends Options>(args: string[], options: T, usage: string, io: CommandIo, allowPositionals = false): ParsedCommandLine<T> | number {
  let parsed: ParsedCommandLine<T>;
  try {
    parsed = parseCommandLine(args, options, allowPositionals);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.errors.write(`${error.message}\n${usage}\n`);
    return 2;
  }
  if ((parsed.values as Record<string, unknown>).help) {
    io.output.write(`${usage}\n`);
    return 0;
  }
  return parsed;
}

/** Parses flags, turning node's errors into one line that names the flag and a likely intended one. */
export function parseCommandLine<T extends Options>(args: string[], options: T, allowPositionals = false) {
  // node reads "--lon -9.39" as a flag missing its value; a negative number is the value.
  const joined: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const name = /^--([\w-]+)$/.exec(args[index]!)?.[1];
    const next = args[index + 1];
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      joined.push(`--${name}=${next}`);
      index++;
    } else {
      joined.push(args[index]!);
    }
  }
  try {
    return parseArgs({ args: joined, options, allowPositionals, strict: true });
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /Unknown option '(-{1,2}[^']+)'/.exec(message)?.[1];
    if (unknown !== undefined) {
      const flags = Object.keys(options).map((name) => `--${name}`);
      throw new UsageError(`unknown option ${unknown}${didYouMean(unknown, flags)}`);
    }
    throw new UsageError(message.split('\n')[0]);
  }
}

/** The calendar day of `now` where the contributor is: what they mean by "today". */
export function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Problems of a file not yet written, named by the command-line flag that sets each field. */
export function describeDraftProblems(problems: readonly Problem[], flagsByField: Readonly<Record<string, string>>): string {
  return problems
    .map((problem) => {
      const field = problem.field.replace(/\.\d+(?=\.|$)/g, '.N');
      const flag = flagsByField[field] ?? flagsByField[problem.field];
      return flag ? `${flag}: ${problem.message}` : `${problem.field}: ${problem.message}`;
    })
    .join('\n');
}

/** After writing: the new file's problems in the validator's own words, and how many other files have some. */
export function describeProblemsAfterWriting(problems: readonly Problem[], file: string): { own: string[]; othersNote?: string } {
  const own = problems.filter((problem) => problem.file === file).map(formatProblem);
  const others = new Set(problems.filter((problem) => problem.file !== file).map((problem) => problem.file)).size;
  return others > 0
    ? { own, othersNote: `${others} other file(s) in content/ have problems; npm run validate lists them.` }
    : { own };
}

/** Said when required flags are missing and nobody is at a terminal to be asked for them. */
export function missingFlagsMessage(missing: readonly string[], usage: string): string {
  return `missing ${missing.map((flag) => `--${flag}`).join(', ')}; nothing was written.\nGive them as flags, or run the command in a terminal to be asked for them.\n${usage}\n`;
}
