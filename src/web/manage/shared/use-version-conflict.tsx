import { useRef, useState, type ReactNode } from 'react';
import { showToast } from '@/components/toast';
import { ApiError } from '@/lib/api-client';
import { VersionConflict } from './version-conflict';
import type { VersionDifference } from './version-diff';

/**
 * What every versioned owner form does when someone else saved first (issue 31): the save's 409
 * fetches their version, the form shows both side by side (VersionConflict), and the owner keeps
 * theirs (the next save goes over the other's version) or takes the other's into the form.
 */
export function useVersionConflict<Saved extends { version: number }>() {
  const [theirs, setTheirs] = useState<Saved | undefined>();
  // "Keep mine": the next send goes over their version.
  const sendOver = useRef<number | undefined>(undefined);

  return {
    theirs,
    clear: () => setTheirs(undefined),

    /** The version a save sends: theirs once the owner chose to keep their own edit, else `base`. */
    versionToSend(base: number): number {
      const version = sendOver.current ?? base;
      sendOver.current = undefined;
      return version;
    },

    /**
     * For the form kit's onFailure: a 409 without field issues (a stale version, not a taken
     * name) fetches the other version to compare, and says it handled the failure.
     */
    onConflict(
      error: unknown,
      fetchTheirs: () => Promise<Saved>,
      reportFailure: (message: string) => void,
    ): boolean {
      if (!(error instanceof ApiError && error.status === 409 && error.issues.length === 0))
        return false;
      fetchTheirs().then(setTheirs, (problem: unknown) => {
        setTheirs(undefined);
        reportFailure(problem instanceof Error ? problem.message : String(problem));
      });
      return true;
    },

    /** The choice between the two versions, while there is one to make. */
    view({
      differences,
      labelOf,
      busy,
      resubmit,
      takeTheirs,
    }: {
      differences: (theirs: Saved) => VersionDifference[];
      labelOf: (path: string) => string;
      busy: boolean;
      resubmit: () => void;
      /** Puts their version in the form (and the screen's list) as the saved one. */
      takeTheirs: (theirs: Saved) => void;
    }): ReactNode {
      if (!theirs) return null;
      return (
        <VersionConflict
          differences={differences(theirs)}
          labelOf={labelOf}
          busy={busy}
          onKeepMine={() => {
            sendOver.current = theirs.version;
            resubmit();
          }}
          onTakeTheirs={() => {
            takeTheirs(theirs);
            setTheirs(undefined);
            showToast('saved', 'Their version is in the form now.');
          }}
        />
      );
    },
  };
}
