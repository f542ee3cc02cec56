// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useVersionConflict } from './use-version-conflict';
import { diffVersions } from './version-diff';

interface Note {
  version: number;
  text: string;
}

/** A form's save, reduced to what the hook serves: the version sent and the failure handling. */
function NoteEditor({
  mine,
  save,
  fetchTheirs,
  onTaken,
}: {
  mine: Note;
  save: (version: number) => Promise<void>;
  fetchTheirs: () => Promise<Note>;
  onTaken: (theirs: Note) => void;
}) {
  const conflict = useVersionConflict<Note>();
  const submit = async () => {
    try {
      await save(conflict.versionToSend(mine.version));
      conflict.clear();
    } catch (error) {
      if (!conflict.onConflict(error, fetchTheirs, () => {})) throw error;
    }
  };
  return (
    <>
      <button type="button" onClick={() => void submit()}>
        Save
      </button>
      {conflict.view({
        differences: (theirs) => diffVersions({ text: theirs.text }, { text: mine.text }),
        labelOf: () => 'Text',
        busy: false,
        resubmit: () => void submit(),
        takeTheirs: onTaken,
      })}
    </>
  );
}

afterEach(cleanup);

describe('useVersionConflict', () => {
  it('shows both versions after a 409, and "keep mine" saves over their version', async () => {
    const sent: number[] = [];
    const save = vi.fn(async (version: number) => {
      sent.push(version);
      if (version < 5) throw new ApiError(409, 'Someone else saved this first.');
    });
    render(
      <NoteEditor
        mine={{ version: 3, text: 'mine' }}
        save={save}
        fetchTheirs={async () => ({ version: 5, text: 'theirs' })}
        onTaken={() => {}}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Changed by someone else' })).toBeTruthy();
    expect(screen.getByText('theirs')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /keep mine/i }));
    // The second save went over their version, and the choice is gone once it is saved.
    expect(sent).toEqual([3, 5]);
    await act(async () => {});
    expect(screen.queryByRole('heading', { name: 'Changed by someone else' })).toBeNull();
  });

  it('"take theirs" hands their version to the form and closes the choice', async () => {
    const taken: Note[] = [];
    render(
      <NoteEditor
        mine={{ version: 1, text: 'mine' }}
        save={async () => {
          throw new ApiError(409, 'Someone else saved this first.');
        }}
        fetchTheirs={async () => ({ version: 2, text: 'theirs' })}
        onTaken={(theirs) => taken.push(theirs)}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(await screen.findByRole('button', { name: /take theirs|use theirs/i }));
    expect(taken).toEqual([{ version: 2, text: 'theirs' }]);
    expect(screen.queryByRole('heading', { name: 'Changed by someone else' })).toBeNull();
  });

  it('leaves a 409 with field issues (a taken name) and other failures to the form', async () => {
    const seen: string[] = [];
    function Probe() {
      const conflict = useVersionConflict<Note>();
      seen.push(
        String(
          conflict.onConflict(
            new ApiError(409, 'Taken', [{ path: 'code', message: 'That code exists' }]),
            async () => ({ version: 1, text: '' }),
            () => {},
          ),
        ),
        String(
          conflict.onConflict(
            new ApiError(500, 'Broken'),
            async () => ({ version: 1, text: '' }),
            () => {},
          ),
        ),
      );
      return null;
    }
    render(<Probe />);
    expect(seen.slice(0, 2)).toEqual(['false', 'false']);
  });
});
