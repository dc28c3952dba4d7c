import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/errors';
import { errorMessage } from '../i18n/messages';

/** Field name of the form-wide error (shown above the submit button). */
export const FORM_ERROR = 'root.server' as const;

/**
 * Puts a failed call's errors on the form: `data.fields` on the matching fields (unknown fields
 * and every other error on the form-wide error). `codeFields` sends an error code to a field,
 * e.g. { email_taken: 'email' }.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  codeFields: Partial<Record<string, Path<T> | typeof FORM_ERROR>> = {},
): void {
  if (isApiError(error)) {
    const unmatched: string[] = [];
    for (const [name, messages] of Object.entries(error.fieldErrors)) {
      if ((fields as readonly string[]).includes(name)) {
        setError(name as Path<T>, { type: 'server', message: messages.join('\n') });
      } else unmatched.push(...messages);
    }
    const codeField = codeFields[error.code];
    if (codeField) {
      setError(codeField as Path<T>, { type: 'server', message: `errors.codes.${error.code}` });
      return;
    }
    if (Object.keys(error.fieldErrors).length > 0 && unmatched.length === 0) return;
    if (unmatched.length > 0) {
      setError(FORM_ERROR as Path<T>, { type: 'server', message: unmatched.join('\n') });
      return;
    }
  }
  const { key, vars } = errorMessage(error);
  const types = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v)]));
  setError(FORM_ERROR as Path<T>, { type: 'server', message: key, types });
}
