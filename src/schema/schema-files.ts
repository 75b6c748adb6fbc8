/**
 * Where the generated JSON Schemas of content files live, relative to the repository root: the
 * build writes them there, and every scaffolded file's modeline points editors at them.
 */
export const schemasFolder = 'schemas';
export const landmarkSchemaFile = `${schemasFolder}/landmark-frontmatter.schema.json`;
export const reportSchemaFile = `${schemasFolder}/report-frontmatter.schema.json`;
