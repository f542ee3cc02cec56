import { maxQuantityPerLine } from '@common/cart-rules';

/**
 * A quantity box with its message: whole numbers from 1 to the per-line limit, and an error that
 * is announced and tied to the box. The label is the caller's (visible or not).
 */
export function QuantityInput({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const errorId = `${id}-error`;
  return (
    <>
      <input
        id={id}
        name="quantity"
        type="number"
        inputMode="numeric"
        min={1}
        max={maxQuantityPerLine}
        step={1}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
