/** `to` as a path relative to the folder `from`, both relative to the repository root ("a/b" from "a/c" is "../b"). */
function relativePath(from: string, to: string): string {
  const fromParts = from.split('/').filter(Boolean);
  const toParts = to.split('/').filter(Boolean);
  let shared = 0;
  while (shared < fromParts.length && shared < toParts.length && fromParts[shared] === toParts[shared]) shared++;
  return [...fromParts.slice(shared).map(() => '..'), ...toParts.slice(shared)].join('/');
}

/**
 * The first frontmatter line of a scaffolded file: a YAML comment that tells yaml-language-server
 * (the YAML support in VS Code and most editors) which JSON Schema to complete and check against,
 * as a path relative to the file itself. Written without Node's path module: the report form
 * writes the same file in the browser.
 */
export function schemaModeline(file: string, schemaFile: string): string {
  return `# yaml-language-server: $schema=${relativePath(file.split('/').slice(0, -1).join('/'), schemaFile)}`;
}
