import { z } from 'zod';

/**
 * How a parameter is read from a query string, where every value is text: the parameter's schema
 * carries it (registered here, not in its JSON Schema, which describes the value itself), so a
 * number parameter says once, beside its limits, which texts are numbers. A text a reader does not
 * take stays text, and the schema refuses it with its own words. MCP clients send JSON values and
 * skip this.
 */
export const queryText = z.registry<{ read: (text: string) => unknown }>();

/** A whole number written plainly in decimal; "1e3", "1.5", "+5" and "05" stay text. */
const plainWholeNumber = /^(0|[1-9]\d{0,6})$/;
/** A decimal number written plainly, as coordinates are: "-33.8568", "151.2153", "0.5"; no exponent, no "+". */
const plainDecimal = /^-?(0|[1-9]\d{0,6})(\.\d{1,12})?$/;

export const wholeNumberText = { read: (text: string) => (plainWholeNumber.test(text) ? Number(text) : text) };
export const decimalText = { read: (text: string) => (plainDecimal.test(text) ? Number(text) : text) };
/** "true" or "false"; anything else stays text. */
export const booleanText = { read: (text: string) => (text === 'true' ? true : text === 'false' ? false : text) };

/** The reader of a parameter's schema, looked for under optional() and default(), which wrap it. */
export function queryTextReaderOf(schema: z.core.$ZodType): ((text: string) => unknown) | undefined {
  let current: z.core.$ZodType | undefined = schema;
  while (current) {
    const registered = queryText.get(current);
    if (registered) return registered.read;
    const definition = current._zod.def as { type: string; innerType?: z.core.$ZodType };
    current = definition.type === 'optional' || definition.type === 'default' ? definition.innerType : undefined;
  }
  return undefined;
}
