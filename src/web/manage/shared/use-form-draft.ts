import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useClient } from '@/lib/client-context';
import { discardDraft, loadDraft, saveDraft, type Draft, type DraftKey } from './draft-storage';

/** How long typing pauses before the draft is written (a write per key press is wasted work). */
const draftWriteDelayMs = 400;

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Keeps a long form's unsaved edit in this browser (draft-storage.ts) and puts it back after a
 * reload: the form shows the draft over the saved record (so it counts as unsaved), and the
 * screen shows DraftNotice while `restored`. `baseVersion` is the version the edit began from,
 * which the save must send: a draft of an older version gets the conflict choice, never
 * overwrites silently. Call `forget` after a save.
 */
export function useFormDraft<Values extends FieldValues, Sent extends FieldValues = Values>(
  /** `Sent` is what the form's resolver makes of the values (the kit's third type). */
  form: UseFormReturn<Values, unknown, Sent>,
  options: {
    screen: string;
    record: string;
    version: Draft<Values>['baseVersion'];
    isValues: (value: unknown) => value is Values;
  },
) {
  const client = useClient().name;
  const { screen, record, isValues } = options;
  // Read once, when the form opens (the back office is drawn in the browser only).
  const [restored, setRestored] = useState<Draft<Values> | undefined>(() => {
    const store = browserStorage();
    return store && loadDraft(store, { client, screen, record }, isValues);
  });
  const [baseVersion, setBaseVersion] = useState(restored?.baseVersion ?? options.version);

  useEffect(() => {
    if (restored) form.reset(restored.values, { keepDefaultValues: true });
    // Once, when the form opens: later changes of `restored` are saves and discards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const versionRef = useRef(baseVersion);
  useEffect(() => {
    versionRef.current = baseVersion;
  }, [baseVersion]);
  useEffect(() => {
    const key: DraftKey = { client, screen, record };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = form.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const store = browserStorage();
        if (!store) return;
        const values = form.getValues();
        const unchanged =
          JSON.stringify(values) === JSON.stringify(form.formState.defaultValues ?? {});
        if (unchanged) discardDraft(store, key);
        else saveDraft(store, key, values, versionRef.current);
      }, draftWriteDelayMs);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [form, client, screen, record]);

  /** The edit was saved (or replaced by the other version): the draft is no longer needed. */
  const forget = useCallback(
    (savedVersion: Draft<Values>['baseVersion']) => {
      const store = browserStorage();
      if (store) discardDraft(store, { client, screen, record });
      setRestored(undefined);
      setBaseVersion(savedVersion);
    },
    [client, screen, record],
  );

  /** The owner throws the draft away: the form goes back to the saved record. */
  const discard = useCallback(() => {
    // With the values: reset() without them resets the whole <form> element too.
    form.reset(form.formState.defaultValues as Values);
    forget(options.version);
  }, [form, forget, options.version]);

  return { restored, baseVersion, setBaseVersion, forget, discard };
}
