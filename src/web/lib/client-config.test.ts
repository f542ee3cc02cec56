// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readClientConfig } from './client-config';

const js = readFileSync(join(import.meta.dirname, '../../../seed/clients/JS.json'), 'utf8');

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

  it.each([
    ['missing', null],
    ['not JSON', '{'],
    ['invalid', JSON.stringify({ ...JSON.parse(js), menuType: 'sideways' })],
  ])('logs "Unable to read client config" when %s', (_, text) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(readClientConfig(pageWith(text))).toBeNull();
    expect(error).toHaveBeenCalledWith('Unable to read client config', expect.anything());
  });
});
