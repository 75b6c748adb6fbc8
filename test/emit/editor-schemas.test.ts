import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { frontmatterSchemaFiles } from '../../src/emit/json-schemas.ts';
import { landmarkSchemaFile, reportSchemaFile } from '../../src/schema/schema-files.ts';
import { parseFrontmatter } from '../../src/load/parse-frontmatter.ts';
import { landmarkFileText } from '../../src/drafts/landmark-file-text.ts';
import { reportFileText } from '../../src/drafts/report-file-text.ts';
import { projectRoot } from '../support/build.ts';

const readJson = (file: string) => JSON.parse(readFileSync(path.join(projectRoot, file), 'utf8')) as Record<string, unknown>;
/** The YAML between the "---" lines, as an editor's YAML support sees it. */
const frontmatterOf = (text: string) => text.split('\n---\n')[0]!.replace(/^---\n/, '');

describe('JSON Schemas for editors', () => {
  it('are committed exactly as npm run schemas generates them from the zod schemas', async () => {
    for (const [file, text] of Object.entries(frontmatterSchemaFiles())) {
      expect(await readFile(path.join(projectRoot, file), 'utf8'), `${file} is stale: run npm run schemas`).toBe(text);
    }
  });

  it('accept every bundled file and refuse what the validator refuses', async () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    // Formats checked as an editor may check them; an address is written as a browser shows it (an IRI).
    addFormats.default(ajv);
    ajv.addFormat('iri', (value: string) => URL.canParse(value));
    const validateLandmark = ajv.compile(readJson(landmarkSchemaFile));
    const validateReport = ajv.compile(readJson(reportSchemaFile));
    const files = await fg('content/{landmarks,reports}/**/*.md', { cwd: projectRoot });
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const parsed = parseFrontmatter(readFileSync(path.join(projectRoot, file)));
      if (!parsed.ok) throw new Error(`${file} does not parse`);
      const validate = file.startsWith('content/landmarks/') ? validateLandmark : validateReport;
      expect(validate(parsed.file.data), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    expect(validateReport({ condition: 'clsoed', summary: 'x', observedAt: '2026-01-05', source: { kind: 'traveller' } })).toBe(false);
    expect(validateReport({ condition: 'closed', summary: 'x', observedAt: '2026-01-05', source: { kind: 'traveller' }, sumary: 'x' })).toBe(false);
    expect(validateLandmark({ name: 'x', location: { city: 'y', country: 'UK' }, coordinates: { lat: 0, lon: 0 }, wikidata: 'Q1' })).toBe(false);
    expect(validateReport({ condition: 'closed', summary: 'x', observedAt: '2026-01-05', source: { kind: 'press', url: 'not an address' } })).toBe(false);
  });

  it('are mapped for VS Code to the content folders', async () => {
    const settings = readJson('.vscode/settings.json') as { 'yaml.schemas': Record<string, string[]> };
    const mapped = settings['yaml.schemas'];
    expect(Object.keys(mapped).sort()).toEqual([`./${landmarkSchemaFile}`, `./${reportSchemaFile}`]);
    expect((await fg(mapped[`./${landmarkSchemaFile}`]!, { cwd: projectRoot })).length).toBe((await fg('content/landmarks/*.md', { cwd: projectRoot })).length);
    expect((await fg(mapped[`./${reportSchemaFile}`]!, { cwd: projectRoot })).length).toBe((await fg('content/reports/**/*.md', { cwd: projectRoot })).length);
  });
});

/** yaml-language-server, the YAML support of VS Code and most editors, comes with @astrojs/check. */
const require = createRequire(import.meta.url);
type LanguageService = {
  configure(settings: Record<string, unknown>): void;
  doComplete(document: unknown, position: { line: number; character: number }, isKubernetes: boolean): Promise<{ items: { label: string; documentation?: unknown }[] }>;
  doValidation(document: unknown, isKubernetes: boolean): Promise<{ message: string; range: { start: { line: number } } }[]>;
};
let languageServer: { getLanguageService: (params: unknown) => LanguageService } | undefined;
let textDocument: { TextDocument: { create(uri: string, language: string, version: number, text: string): unknown } } | undefined;
try {
  languageServer = require('yaml-language-server/out/server/src/languageservice/yamlLanguageService.js');
  textDocument = require('vscode-languageserver-textdocument');
} catch {
  languageServer = undefined;
}

describe.skipIf(!languageServer)('the schema modeline that scaffolded files start with (needs yaml-language-server, installed with @astrojs/check)', () => {
  const service = () => {
    const languageService = languageServer!.getLanguageService({
      schemaRequestService: async (uri: string) => readFile(fileURLToPath(uri), 'utf8'),
      workspaceContext: { resolveRelativePath: (relative: string, resource: string) => pathToFileURL(path.resolve(path.dirname(fileURLToPath(resource)), relative)).href },
    });
    languageService.configure({ validate: true, completion: true });
    return languageService;
  };
  const open = (file: string, yaml: string) => textDocument!.TextDocument.create(pathToFileURL(path.join(projectRoot, file)).href, 'yaml', 1, yaml);

  it('gives completion of conditions, with their meanings, in a new report', async () => {
    const text = reportFileText({ landmarkSlug: 'eiffel-tower', id: 'k3x9m2p4qa', condition: 'closed', summary: 'Closed.', observedAt: '2026-01-05', source: { kind: 'traveller' } });
    const yaml = frontmatterOf(text);
    const lines = yaml.split('\n');
    const conditionLine = lines.findIndex((line) => line.startsWith('condition: '));
    lines[conditionLine] = 'condition: ';
    const completion = await service().doComplete(open('content/reports/eiffel-tower/k3x9m2p4qa.md', lines.join('\n')), { line: conditionLine, character: 11 }, false);
    expect(completion.items.map((item) => item.label)).toEqual(['open', 'closed', 'partially_closed', 'restricted_access', 'refurbishment', 'scaffolding', 'view_obstructed']);
    expect(completion.items[5]!.documentation).toBe('scaffolding, wrapping or netting on the structure (current for 90 days after the last sighting)');
  });

  it('flags a mistyped field in a new landmark as the editor shows it', async () => {
    const text = landmarkFileText({ slug: 'big-ben', name: 'Big Ben', aliases: [], city: 'London', country: 'GB', lat: 51.5, lon: -0.12, wikidata: 'Q41225' });
    const yaml = frontmatterOf(text).replace('wikidata: Q41225', 'wikidat: Q41225');
    const diagnostics = await service().doValidation(open('content/landmarks/big-ben.md', yaml), false);
    expect(diagnostics.map((diagnostic) => diagnostic.message)).toEqual(expect.arrayContaining(['Missing property "wikidata".', 'Property wikidat is not allowed.']));
  });
});
