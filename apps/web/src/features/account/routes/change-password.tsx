import { passwordChangeBodySchema } from '@fotodrop/contract/api/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { PasswordField } from '../../../shared/ui/password-field';
import { changePassword } from '../api/account';
import { ProfilePage } from '../components/profile-page';

type Values = z.input<typeof passwordChangeBodySchema>;
const EMPTY: Values = { old_password: '', new_password1: '', new_password2: '' };

/** /profile/change-password: old password, new password twice, rule checklist. */
export function Component() {
  const { t } = useTranslation();
  return <ProfilePage title={t('profile.password.title')}>{() => <ChangePasswordForm />}</ProfilePage>;
}

function ChangePasswordForm() {
  const { t } = useTranslation();
  const form = useForm<Values, unknown, z.output<typeof passwordChangeBodySchema>>({
    resolver: zodResolver(passwordChangeBodySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const password = form.watch('new_password1') ?? '';
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => form.reset(EMPTY),
    onError: (error) =>
      applyServerErrors(error, form.setError, ['old_password', 'new_password1', 'new_password2'], {
        wrong_password: 'old_password',
      }),
  });

  return (
    <div className="form-card">
      {mutation.isSuccess && <Alert tone="success">{t('profile.password.success')}</Alert>}
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => {
          mutation.reset();
          mutation.mutate(values);
        })}
      >
        <FormError error={errors.root?.server} />
        <PasswordField
          label={t('auth.fields.old_password')}
          autoComplete="current-password"
          required
          error={errors.old_password?.message}
          {...form.register('old_password')}
        />
        <NewPasswordFields
          label={t('auth.fields.new_password')}
          password={password}
          field={form.register('new_password1')}
          error={errors.new_password1?.message}
          repeatField={form.register('new_password2')}
          repeatError={errors.new_password2?.message}
        />
        <Button type="submit" loading={mutation.isPending}>
          {t('profile.password.submit')}
        </Button>
      </form>
    </div>
  );
}
