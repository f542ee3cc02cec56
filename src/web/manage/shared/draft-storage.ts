/**
 * Unsaved edits of a long back-office form kept in the browser (issue 31, "never lose work"), so
 * a reload or a closed tab does not lose them: one entry per client, screen and record, removed
 * when the edit is saved or discarded. Pure apart from the Storage passed in (localStorage).
 */

/** Which form a draft belongs to: the client (site), the screen and the record edited on it. */
export interface DraftKey {
  client: string;
  screen: string;
  record: string;
}

export interface Draft<Values> {
  /** The version of the record the edit started from: a draft of an older one may conflict. */
  baseVersion: number | string | null;
  savedAt: string;
  values: Values;
}

/** The part of the Web Storage API drafts need (localStorage in the browser). */
export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const prefix = 'highstreet:draft:';

export function draftStorageKey({ client, screen, record }: DraftKey): string {
  return `${prefix}${[client, screen, record].map(encodeURIComponent).join(':')}`;
}

/** Keeps the edit; false when the browser would not (storage full or turned off). */
export function saveDraft<Values>(
  store: DraftStore,
  key: DraftKey,
  values: Values,
  baseVersion: Draft<Values>['baseVersion'],
  now = new Date(),
): boolean {
  const draft: Draft<Values> = { baseVersion, savedAt: now.toISOString(), values };
  try {
    store.setItem(draftStorageKey(key), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

/** The kept edit, or undefined when there is none or it cannot be read. */
export function loadDraft<Values>(
  store: DraftStore,
  key: DraftKey,
  isValues: (value: unknown) => value is Values,
): Draft<Values> | undefined {
  let text: string | null;
  try {
    text = store.getItem(draftStorageKey(key));
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    const draft = JSON.parse(text) as Partial<Draft<unknown>> | null;
    if (!draft || typeof draft.savedAt !== 'string' || !isValues(draft.values)) return undefined;
    const baseVersion =
      typeof draft.baseVersion === 'number' || typeof draft.baseVersion === 'string'
        ? draft.baseVersion
        : null;
    return { baseVersion, savedAt: draft.savedAt, values: draft.values };
  } catch {
    return undefined;
  }
}

export function discardDraft(store: DraftStore, key: DraftKey): void {
  try {
    store.removeItem(draftStorageKey(key));
  } catch {
    // Storage turned off: there is nothing kept to remove.
  }
}
