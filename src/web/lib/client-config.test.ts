// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientConfigSchema, knownClientCodes } from '@common/client-config';
import { publicPartOf } from '@common/site-text';
import {
  clientConfigShapeProblems,
  readClientConfig,
  siteTextShapeProblems,
} from './client-config';

/** A seed record as the server embeds it: parsed by the full schema, so defaults are filled in. */
function embeddedRecord(code: string) {
  const seed = readFileSync(
    join(import.meta.dirname, `../../../seed/clients/${code}.json`),
    'utf8',
  );
  return clientConfigSchema.parse(JSON.parse(seed));
}

const js = JSON.stringify(publicPartOf(embeddedRecord('JS')));

function pageWith(configText: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (configText !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = 'client-config';
    script.textContent = configText;
    doc.body.append(script);
  }
  return doc;
}

afterEach(() => vi.restoreAllMocks());

describe('readClientConfig', () => {
  it('reads and validates the record the server embedded', () => {
    expect(readClientConfig(pageWith(js))?.name).toBe('JS');
  });

  it('needs no site text: the pages that show it carry it as a query', () => {
    const config = readClientConfig(pageWith(js));
    expect(config).not.toBeNull();
    expect(Object.keys(config!)).not.toContain('welcome');
  });

  it.each([
    ['missing', null],
    ['not JSON', '{'],
    ['invalid', JSON.stringify({ ...JSON.parse(js), menuType: 'sideways' })],
    ['an array', '[]'],
    ['missing its name', JSON.stringify({ ...JSON.parse(js), name: undefined })],
    ['missing the menu', JSON.stringify({ ...JSON.parse(js), menuItems: 'Home' })],
  ])('logs "Unable to read client config" when %s', (_, text) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readClientConfig(pageWith(text))).toBeNull();
    expect(error).toHaveBeenCalledWith('Unable to read client config', expect.anything());
  });
});

describe('clientConfigShapeProblems', () => {
  it.each(knownClientCodes)('accepts the %s record the server embeds', (code) => {
    expect(clientConfigShapeProblems(publicPartOf(embeddedRecord(code)))).toEqual([]);
  });

  it('names each field of the wrong shape', () => {
    const record = { ...embeddedRecord('SE'), headerType: 'XL', welcome: { heading: '' } };
    expect(clientConfigShapeProblems(record)).toEqual(['headerType']);
  });
});

describe('siteTextShapeProblems', () => {
  it.each(knownClientCodes)('accepts the %s record /api/client answers', (code) => {
    expect(siteTextShapeProblems(embeddedRecord(code))).toEqual([]);
  });

  it('names each site text field of the wrong shape, or missing', () => {
    const { pages: _pages, ...record } = { ...embeddedRecord('SE'), welcome: { heading: '' } };
    expect(siteTextShapeProblems(record)).toEqual(['welcome', 'pages']);
    expect(siteTextShapeProblems('nope')).toEqual(['(record)']);
  });
});
