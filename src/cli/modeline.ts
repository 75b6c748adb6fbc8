import path from 'node:path';

/**
 * The first frontmatter line of a scaffolded file: a YAML comment that tells yaml-language-server
 * (the YAML support in VS Code and most editors) which JSON Schema to complete and check against,
 * as a path relative to the file itself.
 */
export function schemaModeline(file: string, schemaFile: string): string {
  return `# yaml-language-server: $schema=${path.posix.relative(path.posix.dirname(file), schemaFile)}`;
}
