import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientConfigSchema, type ClientConfig } from '@common/client-config';
import { pageContentSchema } from '@common/content';
import { genericPages } from '@common/generic-pages';
import { pageFor } from './page-for';

function seedClient(code: string): ClientConfig {
  const file = resolve(import.meta.dirname, `../../../../seed/clients/${code}.json`);
  return clientConfigSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

describe('pageFor', () => {
  it("shows the client's own page for a route its record has", () => {
    expect(pageFor(seedClient('PHEC'), '/services')?.heading).toBe('Our services');
    expect(pageFor(seedClient('RRB'), '/faqs')?.blocks[0]).toMatchObject({ type: 'faqs' });
  });

  it('shows the generic page where the record has none', () => {
    const ams = seedClient('AMS');
    expect(pageFor(ams, '/terms')).toBe(genericPages['/terms']);
    expect(pageFor(ams, '/galleries')?.heading).toBe('Gallery');
  });

  it('has nothing for a route neither the record nor the template fills (under construction)', () => {
    expect(pageFor(seedClient('SE'), '/services')).toBeUndefined();
    expect(pageFor(seedClient('PHEC'), '/tech')).toBeUndefined();
  });

  it('builds /about from the about text, with contact details only where the record allows them', () => {
    const se = pageFor(seedClient('SE'), '/about');
    expect(se?.heading).toBe('About Spa Escapes Scotland');
    expect(se?.blocks.map((block) => block.type)).toEqual(['text', 'contactDetails']);
    const js = pageFor(seedClient('JS'), '/about');
    expect(js?.heading).toBe('My Story');
    expect(js?.blocks.map((block) => block.type)).toEqual(['text']);
  });

  it("lets a record's own /about page replace the one built from its fields", () => {
    const own = { heading: 'Our story', underConstruction: false, blocks: [] };
    const client = { ...seedClient('JS'), pages: { '/about': own } };
    expect(pageFor(client, '/about')).toBe(own);
  });
});

describe('genericPages', () => {
  it.each(Object.entries(genericPages))('%s is a valid page', (_, page) => {
    expect(pageContentSchema.parse(page)).toEqual(page);
  });
});
