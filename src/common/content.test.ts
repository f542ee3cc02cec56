import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientConfigSchema, describeIssues, type ClientConfigInput } from './client-config';

const seedClients = join(import.meta.dirname, '../../seed/clients');
const seedRecord = (file: string): ClientConfigInput =>
  JSON.parse(readFileSync(join(seedClients, file), 'utf8')) as ClientConfigInput;

/** The start-up error a record gives, or '' when it is valid. */
function problemsOf(record: unknown): string {
  const parsed = clientConfigSchema.safeParse(record);
  return parsed.success ? '' : describeIssues(parsed.error);
}

const phec = seedRecord('PHEC.json');

describe('client content (home blocks and pages)', () => {
  it.each(readdirSync(seedClients))('accepts the content of %s', (file) => {
    expect(problemsOf(seedRecord(file))).toBe('');
  });

  it('gives a record without home blocks a home page with its welcome', () => {
    const { home: _home, pages: _pages, ...bare } = phec;
    const parsed = clientConfigSchema.parse(bare);
    expect(parsed.home).toEqual([{ type: 'welcome' }]);
    expect(parsed.pages).toEqual({});
  });

  it('says which block types exist when a block has another', () => {
    const record = { ...phec, home: [{ type: 'welcome' }, { type: 'carousel' }] };
    expect(problemsOf(record)).toMatch(/^home\.1\.type: type must be one of: welcome, slider, /);
  });

  it('needs exactly one welcome block, which holds the page heading', () => {
    expect(problemsOf({ ...phec, home: [{ type: 'ticker' }] })).toMatch(
      /^home: must have exactly one welcome block/,
    );
    expect(problemsOf({ ...phec, home: [{ type: 'welcome' }, { type: 'welcome' }] })).toMatch(
      /^home: must have exactly one welcome block/,
    );
  });

  it('keys pages by content route only', () => {
    const page = { heading: 'Book', blocks: [] };
    expect(problemsOf({ ...phec, pages: { '/booking': page } })).toMatch(
      /^pages.*content route.*\/about/,
    );
    expect(problemsOf({ ...phec, pages: { '/team': page } })).toBe('');
  });

  it('names the field of a block that is wrong', () => {
    const pages = {
      '/work': {
        heading: 'Work',
        blocks: [{ type: 'pictureGrid', pictures: [{ file: 'a.jpeg' }] }],
      },
    };
    expect(problemsOf({ ...phec, pages })).toMatch(/^pages\.\/work\.blocks\.0\.pictures\.0\.alt: /);
    const outside = [
      { type: 'welcome' },
      {
        type: 'banner',
        heading: 'H',
        paragraphs: ['P'],
        picture: { file: '../secret.jpeg', alt: 'A' },
      },
    ];
    expect(problemsOf({ ...phec, home: outside })).toMatch(
      /home\.1\.picture\.file: must be a file in the client media folder/,
    );
  });

  it('takes links to this site only', () => {
    const home = [{ type: 'welcome', callToAction: { text: 'Go', to: 'https://example.com' } }];
    expect(problemsOf({ ...phec, home })).toMatch(/must be a path in this site/);
  });
});
