import { describe, expect, it } from 'vitest';
import {
  initialReveal,
  revealReducer,
  shownStage,
  type RevealEvent,
  type RevealState,
} from './stage-reveal';

type Stage = 'Extract' | 'Transform' | 'Visualise' | 'Empower';

function run(events: RevealEvent<Stage>[]): Stage | null {
  const state = events.reduce<RevealState<Stage>>(revealReducer, initialReveal<Stage>());
  return shownStage(state);
}

describe('tech stage reveal', () => {
  it('shows nothing (the default prompt) at first', () => {
    expect(run([])).toBeNull();
  });

  it('reveals a stage on hover and hides it when the pointer leaves', () => {
    expect(run([{ type: 'pointer-enter', stage: 'Extract' }])).toBe('Extract');
    expect(
      run([
        { type: 'pointer-enter', stage: 'Extract' },
        { type: 'pointer-leave', stage: 'Extract' },
      ]),
    ).toBeNull();
  });

  it('reveals a stage on keyboard focus and hides it on blur', () => {
    expect(run([{ type: 'focus', stage: 'Visualise' }])).toBe('Visualise');
    expect(
      run([
        { type: 'focus', stage: 'Visualise' },
        { type: 'blur', stage: 'Visualise' },
      ]),
    ).toBeNull();
  });

  it('lets hover win over focus and returns to the focused stage after', () => {
    const focusedThenHovered: RevealEvent<Stage>[] = [
      { type: 'focus', stage: 'Transform' },
      { type: 'pointer-enter', stage: 'Empower' },
    ];
    expect(run(focusedThenHovered)).toBe('Empower');
    expect(run([...focusedThenHovered, { type: 'pointer-leave', stage: 'Empower' }])).toBe(
      'Transform',
    );
  });

  it('toggles a stage by tap, for touch screens', () => {
    expect(run([{ type: 'tap', stage: 'Empower' }])).toBe('Empower');
    expect(
      run([
        { type: 'tap', stage: 'Empower' },
        { type: 'tap', stage: 'Empower' },
      ]),
    ).toBeNull();
    expect(
      run([
        { type: 'tap', stage: 'Empower' },
        { type: 'tap', stage: 'Extract' },
      ]),
    ).toBe('Extract');
  });

  it('hides a tapped stage on a second tap even though the tap also focused it', () => {
    expect(
      run([
        { type: 'focus', stage: 'Empower' },
        { type: 'tap', stage: 'Empower' },
        { type: 'focus', stage: 'Empower' },
        { type: 'tap', stage: 'Empower' },
      ]),
    ).toBeNull();
  });

  it('ignores a late leave or blur from a stage that is no longer active', () => {
    expect(
      run([
        { type: 'pointer-enter', stage: 'Extract' },
        { type: 'pointer-enter', stage: 'Transform' },
        { type: 'pointer-leave', stage: 'Extract' },
      ]),
    ).toBe('Transform');
    expect(
      run([
        { type: 'focus', stage: 'Extract' },
        { type: 'focus', stage: 'Transform' },
        { type: 'blur', stage: 'Extract' },
      ]),
    ).toBe('Transform');
  });
});
