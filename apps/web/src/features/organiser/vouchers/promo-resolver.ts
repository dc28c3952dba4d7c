import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form's resolver that checks the API body it makes with the contract's schema, as the server
 * will: each issue goes to the field it names (the first one per field), and `required` fields
 * left empty say so rather than "not a number".
 */
export function bodyResolver<V extends FieldValues, B>(
  schema: z.ZodType,
  toBody: (values: V) => B,
  required: (keyof V & string)[],
): Resolver<V, unknown, B> {
  return (values) => {
    const body = toBody(values);
    const parsed = schema.safeParse(body);
    const errors: Record<string, FieldError> = {};
    for (const name of required) {
      if (String(values[name] ?? '').trim() === '')
        errors[name] = { type: 'required', message: 'field.required' };
    }
    for (const issue of parsed.error?.issues ?? []) {
      errors[String(issue.path[0])] ??= { type: 'validation', message: issue.message };
    }
    if (parsed.success && Object.keys(errors).length === 0) return { values: body, errors: {} };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
