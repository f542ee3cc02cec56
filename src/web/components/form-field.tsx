import { useId, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import './form-field.css';

/** What a field is, apart from its wiring to the form: lets a form list its fields as data. */
export interface FieldSpec<Name extends string = string> {
  name: Name;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'date' | 'time';
  inputMode?: 'numeric' | 'decimal' | 'text' | 'tel' | 'email';
  autoComplete?: string;
  hint?: string;
  multiline?: boolean;
  /** Options for a select; the first is the "no preference" choice. */
  options?: readonly string[];
  /** What a select shows for an option's value, where it is not the value itself. */
  optionLabels?: Readonly<Record<string, string>>;
  /** False: the first option is a real choice too, not the empty "no preference" one. */
  firstIsEmpty?: boolean;
  /** The first and last date (or number) a box offers. */
  min?: string;
  max?: string;
}

interface FieldProps extends Omit<FieldSpec, 'name'> {
  registration: UseFormRegisterReturn;
  /** An example in the empty box (what an empty value stands for). */
  placeholder?: string;
  error?: FieldError | undefined;
}

/** The three fields every enquiry and order asks for, with the labels the spec's messages refer to. */
export const personFields = {
  name: { name: 'name', label: 'Name', required: true, autoComplete: 'name' },
  email: { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'email' },
  telephone: {
    name: 'telephone',
    label: 'Phone',
    type: 'tel',
    required: true,
    autoComplete: 'tel',
  },
} as const satisfies Record<string, FieldSpec>;

/**
 * One labelled input. An error is announced (role="alert"), tied to the input with
 * aria-describedby, and marks it aria-invalid; it stays until the next submit (spec section 5).
 */
export function FormField({
  label,
  registration,
  error,
  required,
  type = 'text',
  inputMode,
  autoComplete = 'off',
  hint,
  multiline,
  options,
  optionLabels,
  firstIsEmpty = true,
  min,
  max,
  placeholder,
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const common = {
    id,
    autoComplete,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    ...registration,
  };
  let control: ReactNode;
  if (options) {
    control = (
      <select {...common}>
        {options.map((option, index) => (
          <option key={option} value={index === 0 && firstIsEmpty ? '' : option}>
            {optionLabels?.[option] ?? option}
          </option>
        ))}
      </select>
    );
  } else if (multiline) {
    control = <textarea rows={4} {...common} />;
  } else {
    control = (
      <input
        type={type}
        inputMode={inputMode}
        min={min}
        max={max}
        placeholder={placeholder}
        {...common}
      />
    );
  }
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {hint && (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {control}
      {error?.message && (
        <p className="form-field__error" id={errorId} role="alert">
          {error.message}
        </p>
      )}
    </div>
  );
}
