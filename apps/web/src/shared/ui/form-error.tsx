import type { FieldError as HookFieldError } from 'react-hook-form';
import { translateMessage } from '../i18n/messages';
import { useTranslation } from '../i18n/use-translation';
import { Alert } from './alert';

/** The form-wide error (errors.root.server) of a react-hook-form form, translated. */
export function FormError({ error }: { error?: Pick<HookFieldError, 'message' | 'types'> }) {
  const { t } = useTranslation();
  if (!error?.message) return null;
  const vars = error.types ?? {};
  return (
    <Alert tone="error">
      {error.message.split('\n').map((line) => (
        <p key={line}>{translateMessage(t, line, vars)}</p>
      ))}
    </Alert>
  );
}
