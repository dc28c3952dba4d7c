import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../i18n/use-translation';
import { PasswordChecklist } from '../ui/password-checklist';
import { PasswordField } from '../ui/password-field';

interface Props {
  /** Label of the first field ("Password" on sign-up, "New password" elsewhere). */
  label: string;
  /** The first field's current value, for the live rule checklist. */
  password: string;
  field: UseFormRegisterReturn;
  error: string | undefined;
  repeatField: UseFormRegisterReturn;
  repeatError: string | undefined;
}

/** A new password with the live checklist of the password policy, and its repetition. */
export function NewPasswordFields({ label, password, field, error, repeatField, repeatError }: Props) {
  const { t } = useTranslation();
  const rulesId = useId();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        required
        describedById={rulesId}
        error={error}
        {...field}
      >
        <PasswordChecklist id={rulesId} password={password} />
      </PasswordField>
      <PasswordField
        label={t('auth.fields.password_repeat')}
        autoComplete="new-password"
        required
        error={repeatError}
        {...repeatField}
      />
    </>
  );
}
