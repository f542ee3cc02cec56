import { describe, expect, it } from 'vitest';
import { clientConfigSchema } from '../../../common/client-config.js';
import { clientKinds, clientTemplate } from './client-template.js';

describe('clientTemplate', () => {
  it.each(clientKinds)('makes a valid record for a %s', (kind) => {
    const { record, treatments } = clientTemplate({
      code: 'NEW',
      name: 'New Business',
      kind,
      hostNames: ['new.example'],
      email: 'hello@new.example',
    });
    const parsed = clientConfigSchema.safeParse(record);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(record.usesCart).toBe(kind === 'shop');
    expect(record.booking !== undefined).toBe(kind === 'salon');
    expect(treatments !== undefined).toBe(kind === 'salon');
    expect(record.hostNames).toEqual(['new.example']);
  });
});
