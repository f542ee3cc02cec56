import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientConfigSchema } from '@common/client-config';
import { siteTextOf } from '@common/site-text';
import { getSiteText, siteTextQuery } from './site-text-query';

const record = clientConfigSchema.parse(
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../seed/clients/RRB.json'), 'utf8')),
);

function answerWith(body: unknown) {
  const fetch = vi.fn(async () => Response.json(body));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('getSiteText', () => {
  it("asks /api/client and answers the record's home, welcome, about and pages", async () => {
    const fetch = answerWith({ ...record, hostNames: [] });
    const text = await getSiteText();
    expect(fetch).toHaveBeenCalledWith('/api/client', expect.anything());
    expect(text).toEqual(siteTextOf(record));
    expect(Object.keys(text).sort()).toEqual(['about', 'home', 'pages', 'welcome']);
  });

  it('refuses an answer without the site text', async () => {
    answerWith({ ...record, welcome: undefined });
    await expect(getSiteText()).rejects.toThrow('site text fields: welcome');
  });
});

describe('siteTextQuery', () => {
  it('keeps the text for the visit: never stale, never dropped (a preview shows its draft)', () => {
    expect(siteTextQuery.staleTime).toBe(Infinity);
    expect(siteTextQuery.gcTime).toBe(Infinity);
  });
});
