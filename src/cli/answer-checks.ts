import type { z } from 'zod';
import { describeIssue } from '../load/describe-issue.ts';
import { didYouMean, nearest } from '../load/did-you-mean.ts';
import type { AnswerCheck } from './prompter.ts';

/** Checks one answer with the field's own zod schema, so a prompt accepts exactly what the validator does. */
export function checkWithSchema<T>(schema: z.ZodType<T>, answer: unknown): AnswerCheck<T> {
  const result = schema.safeParse(answer);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0]!;
  const suggestion = issue.code === 'invalid_value' && typeof answer === 'string' ? nearest(answer, issue.values.map(String)) : undefined;
  return { ok: false, message: describeIssue(issue, answer), ...(suggestion ? { suggestion } : {}) };
}

/** An optional answer: empty means "leave the field out". */
export function optionalAnswer<T>(check: (answer: string) => AnswerCheck<T>): (answer: string) => AnswerCheck<T | undefined> {
  return (answer) => (answer === '' ? { ok: true, value: undefined } : check(answer));
}

/** One of a known list (landmark slugs, report ids), with the nearest as the suggested answer. */
export function checkKnown(answer: string, known: readonly string[], what: string, fix: string): AnswerCheck<string> {
  if (known.includes(answer)) return { ok: true, value: answer };
  const suggestion = nearest(answer, known);
  return {
    ok: false,
    message: `expected ${what}; got ${JSON.stringify(answer)}${didYouMean(answer, known)}${suggestion ? '' : ` (${fix})`}`,
    ...(suggestion ? { suggestion } : {}),
  };
}
