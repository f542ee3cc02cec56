import { useEffect, useId, useRef } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { problemsOf } from '@/lib/form-kit';
import './error-summary.css';

/**
 * The problems of a form above it, for screen readers and long forms (one form kit): it takes
 * focus when a submit fails, so the list is read out, and each problem moves to its field.
 * `labels` names fields whose error message does not say which field it is.
 */
export function ErrorSummary({
  errors,
  failure,
  submitCount,
  submitting,
  onFocusField,
  labels = {},
}: {
  errors: FieldErrors;
  failure: string | undefined;
  /** The form's submit count and state: the summary takes focus after each failed submit. */
  submitCount: number;
  submitting: boolean;
  onFocusField: (name: string) => void;
  labels?: Record<string, string>;
}) {
  const problems = problemsOf(errors);
  const summary = useRef<HTMLElement>(null);
  const headingId = useId();
  const shown = problems.length > 0 || Boolean(failure);
  useEffect(() => {
    if (!shown || submitting) return;
    // After react-hook-form's own move to the first invalid field, which comes later in the task.
    const timer = setTimeout(() => summary.current?.focus());
    return () => clearTimeout(timer);
    // Only once a submit has finished: not while the owner corrects a field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount, submitting, failure]);
  if (!shown) return null;
  return (
    <section ref={summary} className="error-summary" tabIndex={-1} aria-labelledby={headingId}>
      <h2 id={headingId}>Not saved yet</h2>
      {failure && <p>{failure}</p>}
      {problems.length > 0 && (
        <ul>
          {problems.map((problem) => (
            <li key={problem.name}>
              <button
                type="button"
                className="error-summary__link"
                onClick={() => onFocusField(problem.name)}
              >
                {labels[problem.name] ? `${labels[problem.name]}: ` : ''}
                {problem.message}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The summary for a react-hook-form form, read from its state: a problem's button moves to the
 * field by its name. `busy` stands for a submit the form's own state does not see.
 */
export function FormErrorSummary<
  Values extends FieldValues,
  Context = unknown,
  Parsed extends FieldValues = Values,
>({
  form,
  failure,
  labels,
  busy,
}: {
  /** Any kit form, also one whose resolver parses the values into another type. */
  form: UseFormReturn<Values, Context, Parsed>;
  failure: string | undefined;
  labels?: Record<string, string>;
  busy?: boolean;
}) {
  return (
    <ErrorSummary
      errors={form.formState.errors}
      failure={failure}
      submitCount={form.formState.submitCount}
      submitting={busy ?? form.formState.isSubmitting}
      onFocusField={(name) => form.setFocus(name as Path<Values>)}
      labels={labels}
    />
  );
}
