import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadForCommand } from '../../src/cli/content-index.ts';
import { newLandmarkCommand } from '../../src/cli/new-landmark-command.ts';
import { runScript } from '../support/build.ts';
import { copyOfBundledContent, now, recordedIo } from '../support/command-io.ts';

const belvedere = ['--name', 'Belvedere Palace', '--city', 'Vienna', '--country', 'AT', '--lat', '48.1915', '--lon', '16.3809', '--wikidata', 'Q303139'];

describe('npm run new-landmark with flags', () => {
  it('writes a landmark named by its slug that validates', async () => {
    const root = await copyOfBundledContent();
    const io = recordedIo();
    const code = await newLandmarkCommand([...belvedere, '--alias', 'Schloss Belvedere', '--alias', 'Belvedere', '--region', 'Vienna', '--website', 'https://www.belvedere.at'], io, root);
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    expect(io.stdout).toContain('Created content/landmarks/belvedere-palace.md');
    expect(io.stdout).toContain('Add a short description below the frontmatter');
    const text = await readFile(path.join(root, 'content/landmarks/belvedere-palace.md'), 'utf8');
    expect(text.split('\n')[1]).toBe('# yaml-language-server: $schema=../../schemas/landmark-frontmatter.schema.json');
    const { content, problems } = await loadForCommand(root, now);
    expect(problems).toEqual([]);
    expect(content.landmarks.find((landmark) => landmark.slug === 'belvedere-palace')!.frontmatter).toEqual({
      name: 'Belvedere Palace',
      aliases: ['Schloss Belvedere', 'Belvedere'],
      location: { city: 'Vienna', region: 'Vienna', country: 'AT' },
      coordinates: { lat: 48.1915, lon: 16.3809 },
      wikidata: 'Q303139',
      website: 'https://www.belvedere.at',
      watch: [{ wikidata: {} }],
    });
  });

  it('derives the slug from the name without diacritics, and takes a country name or a Wikidata address', async () => {
    const root = await copyOfBundledContent();
    const io = recordedIo();
    const code = await newLandmarkCommand(
      ['--name', 'Palácio da Pena', '--city', 'Sintra', '--country', 'Portugal', '--lat', '38.7876', '--lon', '-9.3906', '--wikidata', 'https://www.wikidata.org/wiki/Q16567'],
      io,
      root,
    );
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    const { content, problems } = await loadForCommand(root, now);
    expect(problems).toEqual([]);
    expect(content.landmarks.find((landmark) => landmark.slug === 'palacio-da-pena')!.frontmatter).toMatchObject({
      name: 'Palácio da Pena',
      location: { country: 'PT' },
      wikidata: 'Q16567',
    });
  });

  it('refuses a slug or a Wikidata id that another landmark already has', async () => {
    const root = await copyOfBundledContent();
    const taken = recordedIo();
    expect(await newLandmarkCommand(['--name', 'Eiffel Tower', '--city', 'Paris', '--country', 'FR', '--lat', '48.85', '--lon', '2.29', '--wikidata', 'Q1'], taken, root)).toBe(1);
    expect(taken.stderr).toBe(
      '--slug: expected a new slug; got "eiffel-tower", which content/landmarks/eiffel-tower.md already has (add a report to it instead, or choose another slug); nothing was written.\n',
    );
    const sameItem = recordedIo();
    expect(await newLandmarkCommand(['--name', 'Tour Eiffel', '--city', 'Paris', '--country', 'FR', '--lat', '48.85', '--lon', '2.29', '--wikidata', 'Q243'], sameItem, root)).toBe(1);
    expect(sameItem.stderr.split('\n')[0]).toBe(
      '--wikidata: expected a Wikidata id used by one landmark only; got "Q243", also used by content/landmarks/eiffel-tower.md (merge the two landmarks or correct the id)',
    );
    expect(existsSync(path.join(root, 'content/landmarks/tour-eiffel.md'))).toBe(false);
  });

  it('reports every wrong value at once, by flag', async () => {
    const root = await copyOfBundledContent();
    const io = recordedIo();
    const code = await newLandmarkCommand(['--name', 'Belvedere Palace', '--city', 'Vienna', '--country', 'Austrai', '--lat', '148', '--lon', 'east', '--wikidata', 'Q303139', '--website', 'belvedere.at'], io, root);
    expect(code).toBe(1);
    expect(io.stderr).toBe(
      [
        '--country: expected an ISO 3166-1 alpha-2 country code in capitals, like "FR" or "GB"; got "Austrai" (did you mean AT?)',
        '--lat: expected at most 90; got 148',
        '--lon: expected a number; got "east"',
        '--website: expected an http(s) URL; got "belvedere.at"',
        'Nothing was written; fix the values above and run the command again.',
        '',
      ].join('\n'),
    );
    expect(existsSync(path.join(root, 'content/landmarks/belvedere-palace.md'))).toBe(false);
  });

  it('needs an explicit slug for a name without Latin letters', async () => {
    const io = recordedIo();
    expect(await newLandmarkCommand(['--name', '故宫', '--city', 'Beijing', '--country', 'CN', '--lat', '39.9', '--lon', '116.4', '--wikidata', 'Q1'], io, await copyOfBundledContent())).toBe(1);
    expect(io.stderr).toBe('--slug: the name has no Latin letters or digits to make a slug from; give one with --slug; nothing was written.\n');
  });

  it('names the missing flags when nobody is at a terminal', async () => {
    const io = recordedIo();
    expect(await newLandmarkCommand(['--name', 'Belvedere Palace'], io, await copyOfBundledContent())).toBe(1);
    expect(io.stderr.split('\n')[0]).toBe('missing --city, --country, --lat, --lon, --wikidata; nothing was written.');
  });
});

describe('npm run new-landmark at a terminal', () => {
  it('asks for each value, proposing the slug and the country meant', async () => {
    const root = await copyOfBundledContent();
    const io = recordedIo({
      interactive: true,
      answers: ['Schloss Hof', '', 'Schlosshof', 'Engelhartstetten', 'Lower Austria', 'Austira', '', '48.2156', '16.9342', 'q2204587', '', 'A baroque palace.'],
    });
    const code = await newLandmarkCommand([], io, root);
    expect(io.stderr).toBe('');
    expect(code).toBe(0);
    expect(io.stdout).toContain('Slug (the file name) [schloss-hof]: ');
    expect(io.stdout).toContain('(did you mean AT?)');
    expect(io.stdout, 'the description was given, so the closing hint does not ask for one').not.toContain('Add a short description');
    const { content, problems } = await loadForCommand(root, now);
    expect(problems).toEqual([]);
    expect(content.landmarks.find((landmark) => landmark.slug === 'schloss-hof')).toMatchObject({
      frontmatter: { name: 'Schloss Hof', aliases: ['Schlosshof'], location: { city: 'Engelhartstetten', region: 'Lower Austria', country: 'AT' }, wikidata: 'Q2204587' },
      description: 'A baroque palace.',
    });
  });
});

describe('the new-landmark script', () => {
  it('writes a file that npm run validate accepts, and a report can follow', async () => {
    const root = await copyOfBundledContent();
    expect(await runScript('new-landmark.ts', ['--root', root, ...belvedere])).toMatchObject({ code: 0, stderr: '' });
    expect(await runScript('new-report.ts', ['--root', root, '--landmark', 'belvedere-palace', '--condition', 'open', '--summary', 'All open.'])).toMatchObject({ code: 0, stderr: '' });
    expect(await runScript('validate.ts', ['--root', root])).toMatchObject({ code: 0 });
  });
});
