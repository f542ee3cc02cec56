import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { schemaResolver } from './schema-resolver';

const schema = z.object({ name: z.string().check(z.minLength(1)), nights: z.number() });
const resolver = schemaResolver(schema, (values: { name: string; nights: string }) => ({
  name: values.name,
  nights: values.nights.trim() === '' ? undefined : Number(values.nights),
}));
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('schemaResolver', () => {
  it('hands on the parsed values when the typed ones pass', async () => {
    const result = await resolver({ name: 'Ada', nights: '3' }, undefined, options);
    expect(result).toEqual({ values: { name: 'Ada', nights: 3 }, errors: {} });
  });

  it('puts a refusal on the field that was typed, keeping the form paths', async () => {
    const result = await resolver({ name: 'Ada', nights: '' }, undefined, options);
    expect(result.values).toEqual({});
    expect(Object.keys(result.errors)).toEqual(['nights']);
  });
});
