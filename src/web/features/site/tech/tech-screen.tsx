import { useReducer } from 'react';
import { PageHeading } from '../../../components/page-heading';
import { techStages, type TechStage } from '../content/site-content';
import { initialReveal, revealReducer, shownStage } from './tech-stage-reveal';

type StageName = TechStage['name'];

export const techDefaultPrompt =
  'Hover over a stage to see what happens there (or tap it, or move to it with the keyboard).';

/** The data lifecycle: Extract, Transform, Visualise, Empower, each revealing its description. */
export default function TechScreen() {
  const [reveal, dispatch] = useReducer(revealReducer<StageName>, initialReveal<StageName>());
  const shown = shownStage(reveal);
  const shownDescription = techStages.find((stage) => stage.name === shown)?.description;

  return (
    <section className="page tech">
      <PageHeading>Technology</PageHeading>
      <p>
        Every project follows the same data lifecycle. Each stage is small enough to deliver in a
        few weeks and useful on its own.
      </p>
      <ol className="tech__stages">
        {techStages.map((stage, index) => (
          <li key={stage.name}>
            <button
              type="button"
              className="tech__stage"
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
              <span className="tech__number" aria-hidden="true">
                {index + 1}
              </span>
              {stage.name}
            </button>
          </li>
        ))}
      </ol>
      <div id="tech-stage-description" className="tech__description" aria-live="polite">
        {shown ? (
          <>
            <h2>{shown}</h2>
            <p>{shownDescription}</p>
          </>
        ) : (
          <p className="tech__prompt">{techDefaultPrompt}</p>
        )}
      </div>
    </section>
  );
}
