import { useReducer } from 'react';
import type { PageBlock } from '@common/content';
import { initialReveal, revealReducer, shownStage } from './stage-reveal';

export const stagesDefaultPrompt =
  'Hover over a stage to see what happens there (or tap it, or move to it with the keyboard).';

/**
 * Stages in order (the consultancy's data lifecycle: Extract, Transform, Visualise, Empower), each
 * revealing its description on hover, keyboard focus or a tap. One per page: the description
 * area has a fixed id.
 */
export function StagesBlock({ block }: { block: Extract<PageBlock, { type: 'stages' }> }) {
  const [reveal, dispatch] = useReducer(revealReducer<string>, initialReveal<string>());
  const shown = shownStage(reveal);
  const shownDescription = block.stages.find((stage) => stage.name === shown)?.description;

  return (
    <>
      <ol className="stages__list">
        {block.stages.map((stage, index) => (
          <li key={stage.name}>
            <button
              type="button"
              className="stages__stage"
              aria-controls="tech-stage-description"
              aria-current={shown === stage.name ? 'step' : undefined}
              onPointerEnter={(event) => {
                if (event.pointerType === 'mouse')
                  dispatch({ type: 'pointer-enter', stage: stage.name });
              }}
              onPointerLeave={(event) => {
                if (event.pointerType === 'mouse')
                  dispatch({ type: 'pointer-leave', stage: stage.name });
              }}
              onFocus={() => dispatch({ type: 'focus', stage: stage.name })}
              onBlur={() => dispatch({ type: 'blur', stage: stage.name })}
              onClick={() => dispatch({ type: 'tap', stage: stage.name })}
            >
              <span className="stages__number" aria-hidden="true">
                {index + 1}
              </span>
              {stage.name}
            </button>
          </li>
        ))}
      </ol>
      <div id="tech-stage-description" className="stages__description" aria-live="polite">
        {shown ? (
          <>
            <h2>{shown}</h2>
            <p>{shownDescription}</p>
          </>
        ) : (
          <p className="stages__prompt">{stagesDefaultPrompt}</p>
        )}
      </div>
    </>
  );
}
