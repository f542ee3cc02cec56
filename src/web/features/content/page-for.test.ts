import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientConfigSchema, type ClientConfig } from '@common/client-config';
import { pageContentSchema } from '@common/content';
import { genericPages } from '@common/generic-pages';
import type { ContentPath } from '@common/routes';
import { publicPartOf, siteTextOf } from '@common/site-text';
import { pageFor } from './page-for';

function seedClient(code: string): ClientConfig {
  const file = resolve(import.meta.dirname, `../../../../seed/clients/${code}.json`);
  return clientConfigSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The page from a record as the browser has it: the page's record, and the site text's query. */
const pageOf = (client: ClientConfig, path: ContentPath) =>
  pageFor(publicPartOf(client), siteTextOf(client), path);

describe('pageFor', () => {
  it("shows the client's own page for a route its record has", () => {
    expect(pageOf(seedClient('PHEC'), '/services')?.heading).toBe('Our services');
    expect(pageOf(seedClient('RRB'), '/faqs')?.blocks[0]).toMatchObject({ type: 'faqs' });
  });

  it('shows the generic page where the record has none', () => {
    const ams = seedClient('AMS');
    expect(pageOf(ams, '/terms')).toBe(genericPages['/terms']);
    expect(pageOf(ams, '/galleries')?.heading).toBe('Gallery');
  });

  it('has nothing for a route neither the record nor the template fills (under construction)', () => {
    expect(pageOf(seedClient('SE'), '/services')).toBeUndefined();
    expect(pageOf(seedClient('PHEC'), '/tech')).toBeUndefined();
  });

  it('builds /about from the about text, with contact details only where the record allows them', () => {
    const se = pageOf(seedClient('SE'), '/about');
    expect(se?.heading).toBe('About Spa Escapes Scotland');
    expect(se?.blocks.map((block) => block.type)).toEqual(['text', 'contactDetails']);
    const js = pageOf(seedClient('JS'), '/about');
    expect(js?.heading).toBe('My Story');
    expect(js?.blocks.map((block) => block.type)).toEqual(['text']);
  });

  it("lets a record's own /about page replace the one built from its fields", () => {
    const own = { heading: 'Our story', underConstruction: false, blocks: [] };
    const client = { ...seedClient('JS'), pages: { '/about': own } };
    expect(pageOf(client, '/about')).toBe(own);
  });
});

describe('genericPages', () => {
  it.each(Object.entries(genericPages))('%s is a valid page', (_, page) => {
    expect(pageContentSchema.parse(page)).toEqual(page);
  });
});
