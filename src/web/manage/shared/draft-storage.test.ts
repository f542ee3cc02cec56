import { describe, expect, it } from 'vitest';
import {
  discardDraft,
  draftStorageKey,
  loadDraft,
  saveDraft,
  type DraftStore,
} from './draft-storage';

/** A Storage kept in a Map, as localStorage keeps strings. */
function memoryStore(): DraftStore & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
  };
}

const isHours = (value: unknown): value is { capacity: number } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { capacity?: unknown }).capacity === 'number';

const hoursOfRrb = { client: 'RRB', screen: 'hours', record: 'rules' };

describe('draft storage', () => {
  it('keeps an edit per client, screen and record until it is discarded', () => {
    const store = memoryStore();
    expect(saveDraft(store, hoursOfRrb, { capacity: 3 }, 7, new Date('2026-11-26T01:00:00Z'))).toBe(
      true,
    );
    saveDraft(store, { ...hoursOfRrb, client: 'BHT' }, { capacity: 9 }, 2);

    expect(loadDraft(store, hoursOfRrb, isHours)).toEqual({
      baseVersion: 7,
      savedAt: '2026-11-26T01:00:00.000Z',
      values: { capacity: 3 },
    });
    expect(loadDraft(store, { ...hoursOfRrb, record: 'other' }, isHours)).toBeUndefined();

    discardDraft(store, hoursOfRrb);
    expect(loadDraft(store, hoursOfRrb, isHours)).toBeUndefined();
    expect(loadDraft(store, { ...hoursOfRrb, client: 'BHT' }, isHours)?.values).toEqual({
      capacity: 9,
    });
  });

  it('keys cannot run into each other through the separator', () => {
    expect(draftStorageKey({ client: 'a:b', screen: 'c', record: 'd' })).not.toBe(
      draftStorageKey({ client: 'a', screen: 'b:c', record: 'd' }),
    );
  });

  it('ignores what it cannot read: broken JSON, another shape, a storage that throws', () => {
    const store = memoryStore();
    store.setItem(draftStorageKey(hoursOfRrb), '{not json');
    expect(loadDraft(store, hoursOfRrb, isHours)).toBeUndefined();
    store.setItem(
      draftStorageKey(hoursOfRrb),
      JSON.stringify({ savedAt: 'x', values: { capacity: 'many' } }),
    );
    expect(loadDraft(store, hoursOfRrb, isHours)).toBeUndefined();

    const full: DraftStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(saveDraft(full, hoursOfRrb, { capacity: 1 }, 1)).toBe(false);
    expect(loadDraft(full, hoursOfRrb, isHours)).toBeUndefined();
    expect(() => discardDraft(full, hoursOfRrb)).not.toThrow();
  });
});
