import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/**
 * A kit field for a choice whose options are values with labels (FormField's select takes its
 * first option as "no preference"): the same label, error and ARIA wiring as FormField.
 */
export function SelectField({
  label,
  required,
  registration,
  error,
  options,
}: {
  label: string;
  required?: boolean;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error?.message ? errorId : undefined}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error?.message && (
        <p className="form-field__error" id={errorId} role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
