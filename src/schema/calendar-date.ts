import { z } from 'zod';

/**
 * Dates in content are calendar dates (`2026-10-03`) or UTC date-times (`2026-10-03T09:30:00Z`).
 * YAML would turn an unquoted date into a JavaScript Date; the loader parses YAML with the core
 * schema so dates stay strings, and these checks reject impossible days such as 2025-02-30.
 */
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:(\d{2})(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export function isRealCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isRealDate(value: string): boolean {
  const match = datePattern.exec(value);
  return match !== null && isRealCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

function isRealDateTime(value: string): boolean {
  const match = dateTimePattern.exec(value);
  if (match === null) return false;
  if (!isRealCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) return false;
  return Number(match[4]) < 24 && Number(match[5]) < 60 && Number(match[7] ?? 0) < 60;
}

export const calendarDate = z
  .string({ error: 'expected a date written YYYY-MM-DD' })
  .refine(isRealDate, { error: 'expected a real date written YYYY-MM-DD' })
  // A refinement says nothing to JSON Schema; the format tells OpenAPI, editors and Table Schema.
  .meta({ format: 'date' })
  .describe('A calendar date, YYYY-MM-DD.');

export const dateOrDateTime = z
  .string({ error: 'expected a date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM:SSZ' })
  .refine((value) => isRealDate(value) || isRealDateTime(value), {
    error: 'expected a real date YYYY-MM-DD or a date-time YYYY-MM-DDTHH:MM:SSZ',
  })
  .meta({ anyOf: [{ format: 'date' }, { format: 'date-time' }] })
  .describe('A calendar date (YYYY-MM-DD) or an ISO 8601 date-time with a time zone.');
