/**
 * Which stage's description a stages block shows (the consultancy's data lifecycle). A stage is revealed by hover,
 * by keyboard focus, or by a tap (touch screens have no hover); hover wins over focus, focus over
 * a tap, so moving the pointer away returns to whatever the keyboard or a tap chose.
 */
export interface RevealState<Stage extends string> {
  hovered: Stage | null;
  focused: Stage | null;
  tapped: Stage | null;
}

export type RevealEvent<Stage extends string> =
  | { type: 'pointer-enter'; stage: Stage }
  | { type: 'pointer-leave'; stage: Stage }
  | { type: 'focus'; stage: Stage }
  | { type: 'blur'; stage: Stage }
  | { type: 'tap'; stage: Stage };

export function initialReveal<Stage extends string>(): RevealState<Stage> {
  return { hovered: null, focused: null, tapped: null };
}

export function revealReducer<Stage extends string>(
  state: RevealState<Stage>,
  event: RevealEvent<Stage>,
): RevealState<Stage> {
  switch (event.type) {
    case 'pointer-enter':
      return { ...state, hovered: event.stage };
    case 'pointer-leave':
      return state.hovered === event.stage ? { ...state, hovered: null } : state;
    case 'focus':
      return { ...state, focused: event.stage };
    case 'blur':
      return state.focused === event.stage ? { ...state, focused: null } : state;
    case 'tap':
      // A tap focuses the button too, so tapping a shown stage again must clear both to hide it.
      if (state.tapped === event.stage) {
        return {
          ...state,
          tapped: null,
          focused: state.focused === event.stage ? null : state.focused,
        };
      }
      return { ...state, tapped: event.stage };
  }
}

/** The stage whose description is on show, or null for the default prompt. */
export function shownStage<Stage extends string>(state: RevealState<Stage>): Stage | null {
  return state.hovered ?? state.focused ?? state.tapped;
}
