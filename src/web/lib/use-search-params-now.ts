import { useCallback } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

type SearchChange = (now: URLSearchParams) => URLSearchParams;

/**
 * The address's search parameters, and a setter that builds on the address as it is now rather
 * than as last rendered. The router pushes the address at once but renders the navigation in a
 * transition, so three quick presses of "Next day" built on the rendered day would all land on the
 * same next day; built on `window.location` they land three days on (decision 0091).
 */
export function useSearchParamsNow(
  /** How each change navigates, e.g. `{ replace: true }` for a choice that is no new page. */
  options?: NavigateOptions,
): [URLSearchParams, (change: SearchChange) => void] {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (next: SearchChange) => setParams(next(new URLSearchParams(window.location.search)), options),
    [setParams, options],
  );
  return [params, change];
}
