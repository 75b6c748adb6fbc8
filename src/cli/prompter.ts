import { createInterface } from 'node:readline/promises';

/** What an answer check returns: the value to keep, or why not and, perhaps, a likely intended answer. */
export type AnswerCheck<T> = { ok: true; value: T } | { ok: false; message: string; suggestion?: string };

export interface AskOptions<T> {
  /** Offered in brackets and used when the answer is empty. */
  defaultAnswer?: string | undefined;
  check: (answer: string) => AnswerCheck<T>;
}

export interface Prompter {
  ask<T>(question: string, options: AskOptions<T>): Promise<T>;
  say(text: string): void;
  close(): void;
}

export class InputEndedError extends Error {
  constructor() {
    super('stopped before every question was answered; nothing was written');
  }
}

/**
 * Asks questions one line at a time until each answer passes its check. Lines are read through
 * readline's async iterator, which buffers them, so answers typed (or piped) ahead are not lost.
 */
export function createPrompter(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Prompter {
  // Line editing and echo only at a real terminal; tests drive the same code through plain streams.
  const terminal = Boolean((output as { isTTY?: boolean }).isTTY);
  const readline = createInterface({ input, output, terminal });
  const lines = readline[Symbol.asyncIterator]();
  // Once input has ended readline is closed, but lines typed ahead may still wait in the iterator.
  let closed = false;
  readline.once('close', () => {
    closed = true;
  });
  // Ctrl+C at a prompt stops the questions; the command then writes nothing.
  readline.on('SIGINT', () => readline.close());
  return {
    say(text) {
      output.write(`${text}\n`);
    },
    async ask(question, { defaultAnswer, check }) {
      let offered = defaultAnswer;
      for (;;) {
        const prompt = `${question}${offered ? ` [${offered}]` : ''}: `;
        if (closed) {
          output.write(prompt);
        } else {
          // readline redraws its own prompt while the person edits the line.
          readline.setPrompt(prompt);
          readline.prompt();
        }
        const next = await lines.next();
        if (next.done) throw new InputEndedError();
        const answer = String(next.value).trim() || offered || '';
        const checked = check(answer);
        if (checked.ok) return checked.value;
        output.write(`  ${checked.message}\n`);
        // A likely intended answer becomes the default: pressing Enter accepts it.
        offered = checked.suggestion ?? defaultAnswer;
      }
    },
    close() {
      readline.close();
    },
  };
}

/**
 * A value from its flag when given and valid; otherwise asked for, saying why the flag's value was
 * refused and offering the nearest valid one as the default.
 */
export async function resolveAnswer<T>(
  prompter: Prompter,
  given: string | undefined,
  flag: string,
  question: string,
  check: (answer: string) => AnswerCheck<T>,
  defaultAnswer?: string,
): Promise<T> {
  if (given !== undefined) {
    const checked = check(given);
    if (checked.ok) return checked.value;
    prompter.say(`${flag}: ${checked.message}`);
    return prompter.ask(question, { defaultAnswer: checked.suggestion ?? defaultAnswer, check });
  }
  return prompter.ask(question, { defaultAnswer, check });
}

/**
 * Runs a command's questions on a prompter that is closed afterwards. Input that ends before the
 * last answer (Ctrl+D, Ctrl+C, a closed pipe) is said on `errors` and gives `undefined`: the
 * command then exits 1 without writing anything.
 */
export async function askQuestions<T>(
  streams: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; errors: NodeJS.WritableStream },
  ask: (prompter: Prompter) => Promise<T>,
): Promise<T | undefined> {
  const prompter = createPrompter(streams.input, streams.output);
  try {
    return await ask(prompter);
  } catch (error) {
    if (!(error instanceof InputEndedError)) throw error;
    streams.errors.write(`\n${error.message}.\n`);
    return undefined;
  } finally {
    prompter.close();
  }
}
