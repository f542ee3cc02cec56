import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';

/** The schema's fields, each still unchecked: a box left empty is passed on as `undefined`. */
export type UncheckedInput<Schema extends $ZodType> = { [Key in keyof input<Schema>]?: unknown };

/**
 * A form resolver that checks the form's values with the shared schema the server uses, after
 * `toInput` turns what the boxes hold (text, say) into the schema's input (numbers): the boxes
 * keep what was typed, the send gets the parsed values. Field errors keep the form's own paths.
 */
export function schemaResolver<
  Values extends FieldValues,
  Schema extends $ZodType<FieldValues, FieldValues>,
>(
  schema: Schema,
  toInput: (values: Values) => UncheckedInput<Schema>,
): Resolver<Values, unknown, output<Schema>> {
  const check = zodResolver(schema);
  return (values, context, options) =>
    // zodResolver is typed for checked input; this input is unchecked on purpose (checking it is
    // the point). The options only carry field names, which both shapes share.
    check(toInput(values) as input<Schema>, context, options as never) as unknown as ReturnType<
      Resolver<Values, unknown, output<Schema>>
    >;
}
