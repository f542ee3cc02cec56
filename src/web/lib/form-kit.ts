import { useState } from 'react';
import type { FieldErrors, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import type { FieldIssue } from '@common/field-issues';
import { showToast } from '@/components/toast';
import { ApiError } from './api-client';
import { isNoAnswer, isRefusal } from './api-errors';

/*
 * The one form kit (issue 31, docs/decisions/0005): every form is react-hook-form with a shared
 * zod schema and FormField; this adds what sending needs: the server's field problems shown beside
 * the fields, a summary for screen readers (components/error-summary.tsx), the submit state, and
 * a saved / failed toast.
 */

/** One problem of a form, by the field's name in the form ('' for the form as a whole). */
export interface FormProblem {
  name: string;
  message: string;
}

/** Every field error of a form, nested ones by their dotted name, in the form's order. */
export function problemsOf(errors: FieldErrors, prefix = ''): FormProblem[] {
  const problems: FormProblem[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') problems.push({ name, message });
    else if (key !== 'ref') problems.push(...problemsOf(value as FieldErrors, name));
  }
  return problems;
}

/** True when the form's values have a field at this dotted path. */
function hasField(values: unknown, path: string): boolean {
  let here: unknown = values;
  for (const part of path.split('.')) {
    if (here === null || typeof here !== 'object' || !(part in here)) return false;
    here = (here as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * The server's field problems split into those of the form's own fields (by the form's names:
 * `issuePrefix` is what the request wraps the values in, e.g. 'rules.') and the rest.
 */
export function matchIssuesToFields(
  issues: readonly FieldIssue[],
  values: unknown,
  issuePrefix = '',
  /** Request paths the form names otherwise (the move's `startTime` is its `time` box). */
  issueNames: Readonly<Record<string, string>> = {},
): { onFields: FormProblem[]; elsewhere: FieldIssue[] } {
  const onFields: FormProblem[] = [];
  const elsewhere: FieldIssue[] = [];
  for (const issue of issues) {
    const path =
      issuePrefix && issue.path.startsWith(issuePrefix)
        ? issue.path.slice(issuePrefix.length)
        : issue.path;
    const name = issueNames[path] ?? path;
    if (name && hasField(values, name)) onFields.push({ name, message: issue.message });
    else elsewhere.push(issue);
  }
  return { onFields, elsewhere };
}

/** What a failed send says above the form. */
export function failureMessageOf(error: unknown, fallback: string): string {
  if (isNoAnswer(error) || isRefusal(error)) return error.message;
  return fallback;
}

export interface FormSubmitOptions<Values extends FieldValues> {
  /** Sends the values; throws an ApiError when the server refuses them. */
  send: (values: Values) => Promise<void>;
  /** The toast after a save ('Saved.'); none when the screen moves on. */
  savedText?: string;
  /** What a failure that is not the server's refusal says. */
  failedText: string;
  issuePrefix?: string;
  /** Request paths the form names otherwise: `{ startTime: 'time' }`. */
  issueNames?: Readonly<Record<string, string>>;
  /** A screen's own handling of a failure (a 409's comparison): true when it took care of it. */
  onFailure?: (error: unknown) => boolean;
}

/**
 * The submit of a kit form: validates with the form's resolver, sends, shows the server's field
 * problems on their fields, says what failed (`failure`, for the error summary) and toasts.
 * Busy while sending: `form.formState.isSubmitting`.
 */
export function useFormSubmit<Values extends FieldValues, Sent extends FieldValues = Values>(
  /** `Sent` is what the schema makes of the fields (its defaults filled in). */
  form: UseFormReturn<Values, unknown, Sent>,
  options: FormSubmitOptions<Sent>,
) {
  const [failure, setFailure] = useState<string | undefined>();
  const submit = form.handleSubmit(
    async (values) => {
      setFailure(undefined);
      try {
        await options.send(values);
        if (options.savedText) showToast('saved', options.savedText);
      } catch (error) {
        if (options.onFailure?.(error)) return;
        const issues = error instanceof ApiError ? error.issues : [];
        const { onFields, elsewhere } = matchIssuesToFields(
          issues,
          values,
          options.issuePrefix,
          options.issueNames,
        );
        for (const problem of onFields) {
          form.setError(problem.name as FieldPath<Values>, {
            type: 'server',
            message: problem.message,
          });
        }
        const message =
          onFields.length > 0 && elsewhere.length === 0
            ? 'Please correct the fields marked below.'
            : failureMessageOf(error, options.failedText);
        setFailure(message);
        showToast('failed', onFields.length > 0 ? 'Not saved: please check the form.' : message);
      }
    },
    () => setFailure(undefined),
  );
  return { submit, failure, setFailure };
}
