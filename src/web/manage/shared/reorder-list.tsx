import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

/** One press of Move up (-1) or Move down (+1) on the item at `index`. */
export interface ListMove {
  index: number;
  step: -1 | 1;
  action: 'up' | 'down';
}

/**
 * A list the owner puts in order with Move up / Move down (products, staff): saves the new order
 * of ids, says where the item went in a status line, and keeps the keyboard on the moved item's
 * button (its other one at either end of the list). Also gives focus back to an item's Edit link
 * when its editor was just left. Ids of the buttons are `${idBase}-${id}-edit|up|down`.
 */
export function useReorderList<Item extends { id: number }>({
  list,
  idBase,
  nameOf,
  save,
  focusId,
}: {
  list: readonly Item[];
  idBase: string;
  nameOf: (item: Item) => string;
  /** Saves the ids in their new order (and refreshes the list). */
  save: (ids: number[]) => Promise<void>;
  /** The item whose editor was just left: its Edit link takes focus again. */
  focusId: number | undefined;
}): {
  move: (change: ListMove) => void;
  statusText: string;
  setStatusText: (text: string) => void;
  error: Error | null;
} {
  const [statusText, setStatusText] = useState('');
  useEffect(() => {
    if (focusId !== undefined) document.getElementById(`${idBase}-${focusId}-edit`)?.focus();
  }, [focusId, idBase]);
  const reorder = useMutation({
    mutationFn: async (change: ListMove) => {
      const ids = list.map((item) => item.id);
      const [moved] = ids.splice(change.index, 1);
      if (moved === undefined) return;
      ids.splice(change.index + change.step, 0, moved);
      await save(ids);
      const name = nameOf(list[change.index]!);
      setStatusText(`${name} is now number ${change.index + change.step + 1} of ${ids.length}.`);
      requestAnimationFrame(() => {
        const wanted = document.getElementById(`${idBase}-${moved}-${change.action}`);
        const other = document.getElementById(
          `${idBase}-${moved}-${change.action === 'up' ? 'down' : 'up'}`,
        );
        ((wanted as HTMLButtonElement | null)?.disabled ? other : wanted)?.focus();
      });
    },
  });
  return {
    // One move at a time; the buttons stay enabled so the one pressed keeps its focus.
    move: (change) => {
      if (!reorder.isPending) reorder.mutate(change);
    },
    statusText: reorder.isPending ? 'Saving the order…' : statusText,
    setStatusText,
    error: reorder.error,
  };
}

/** An item's Edit link and its Move up / Move down buttons, and any buttons of the screen's own. */
export function EditAndMoveButtons({
  base,
  id,
  name,
  index,
  count,
  onMove,
  className,
  children,
}: {
  /** `${idBase}-${id}`: the buttons' ids start with it. */
  base: string;
  id: number;
  name: string;
  index: number;
  count: number;
  onMove: (change: ListMove) => void;
  className: string;
  children?: ReactNode;
}) {
  return (
    <p className={className}>
      <Link
        id={`${base}-edit`}
        className="button button--primary"
        to={`?edit=${id}`}
        // Short on the card so the buttons share a phone's row; the name says which.
        aria-label={`Edit ${name}`}
      >
        Edit
      </Link>
      <button
        id={`${base}-up`}
        type="button"
        className="button"
        disabled={index === 0}
        onClick={() => onMove({ index, step: -1, action: 'up' })}
        // Starts with the visible words (WCAG 2.5.3), then says which item.
        aria-label={`Move up, ${name}`}
      >
        Move up
      </button>
      <button
        id={`${base}-down`}
        type="button"
        className="button"
        disabled={index === count - 1}
        onClick={() => onMove({ index, step: 1, action: 'down' })}
        aria-label={`Move down, ${name}`}
      >
        Move down
      </button>
      {children}
    </p>
  );
}
