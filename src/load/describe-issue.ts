import type { core } from 'zod';
import { didYouMean } from './did-you-mean.ts';

/** A found value as a contributor would recognise it in their file. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value';
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a set of fields';
  return String(value);
}

function expectedText(issue: core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return 'this field is required';
      // Custom messages from our schemas already start with "expected"; zod's own do not.
      return issue.message.startsWith('expected') ? issue.message : `expected ${issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'a set of fields' : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return issue.origin === 'string' ? `expected at least ${String(issue.minimum)} characters` : `expected at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'string' ? `expected at most ${String(issue.maximum)} characters` : `expected at most ${String(issue.maximum)}`;
    default:
      return issue.message.startsWith('expected') ? issue.message : `expected ${issue.message}`;
  }
}

/** "expected …; got …", with a suggestion when a value from a closed list was mistyped. */
export function describeIssue(issue: core.$ZodIssue, value: unknown): string {
  const expected = expectedText(issue, value);
  if (issue.code === 'invalid_type' && value === undefined) return `${expected}; got nothing`;
  const suggestion =
    issue.code === 'invalid_value' && typeof value === 'string' ? didYouMean(value, issue.values.map(String)) : '';
  return `${expected}; got ${describeValue(value)}${suggestion}`;
}
