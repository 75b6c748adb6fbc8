import { z } from 'zod';
import { conditionExpiryDays, conditionMeanings, conditions } from '../schema/conditions.ts';
import { countryCodes } from '../schema/country-codes.ts';
import { landmarkFrontmatter } from '../schema/landmark-frontmatter.ts';
import { reportFrontmatter } from '../schema/report-frontmatter.ts';
import { landmarkSchemaFile, reportSchemaFile } from '../schema/schema-files.ts';


type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema> };

/**
 * Draft-07 because yaml-language-server (VS Code's YAML extension and most editors' YAML support)
 * understands it fully. `io: 'input'` describes what a contributor writes: fields with defaults,
 * like `confirmations`, are optional.
 */
const toJsonSchema = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', target: 'draft-07', unrepresentable: 'any' }) as JsonSchema;

function landmarkSchema(): JsonSchema {
  const schema = toJsonSchema(landmarkFrontmatter);
  // The zod schema checks the country with a refinement, which JSON Schema cannot carry; the list
  // it checks against can, and gives editors a completion list.
  const country = schema.properties!['location']!.properties!['country']!;
  country['enum'] = [...countryCodes].sort();
  return {
    $schema: schema['$schema'],
    title: 'Landmark',
    description: 'Frontmatter of content/landmarks/<slug>.md. See CONTRIBUTING.md.',
    ...schema,
  };
}

function reportSchema(): JsonSchema {
  const schema = toJsonSchema(reportFrontmatter);
  // Editors show these beside each value while completing `condition:`.
  const condition = schema.properties!['condition']!;
  condition['enumDescriptions'] = conditions.map(
    (name) => `${conditionMeanings[name]} (current for ${conditionExpiryDays[name]} days after the last sighting)`,
  );
  // zod writes no default for a field whose items are changed as they are read (web addresses
  // become URIs); the field still defaults to none, which editors show while completing.
  schema.properties!['additionalSources']!['default'] = reportFrontmatter.shape.additionalSources.def.defaultValue;
  return {
    $schema: schema['$schema'],
    title: 'Condition report',
    description: 'Frontmatter of content/reports/<landmark-slug>/<id>.md. See CONTRIBUTING.md.',
    ...schema,
  };
}

/** The committed JSON Schema files, by path, exactly as `npm run schemas` writes them. */
export function frontmatterSchemaFiles(): Record<string, string> {
  const text = (schema: JsonSchema) => `${JSON.stringify(schema, null, 2)}\n`;
  return { [landmarkSchemaFile]: text(landmarkSchema()), [reportSchemaFile]: text(reportSchema()) };
}
