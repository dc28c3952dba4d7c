import { passwordResetBodySchema, passwordResetConfirmBodySchema } from '@fotodrop/contract/api/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/config/paths';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { TextField } from '../../../shared/ui/text-field';
import { confirmPasswordReset, requestPasswordReset } from '../api/password-reset';
import { AuthPage } from '../components/auth-page';
import type { LoginNotice } from './login';

/** /reset-password: request a link; with ?token= (the e-mailed link) set the new password. */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm token={token} /> : <RequestLink />;
}

type RequestValues = z.input<typeof passwordResetBodySchema>;

function RequestLink() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<RequestValues, unknown, z.output<typeof passwordResetBodySchema>>({
    resolver: zodResolver(passwordResetBodySchema),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: requestPasswordReset,
    onSuccess: (_answer, values) => setSentTo(values.email),
    onError: (error) => applyServerErrors(error, form.setError, ['email']),
  });

  if (sentTo) {
    return (
      <AuthPage title={t('auth.reset.sent_title')}>
        <p>{t('auth.reset.sent_text', { email: sentTo })}</p>
        <p className="field-hint">{t('auth.reset.sent_hint')}</p>
        <div className="actions">
          <Link className="btn btn-primary" to={paths.login.getHref()}>
            {t('auth.reset.back_to_login')}
          </Link>
          <Button
            variant="ghost"
            loading={mutation.isPending}
            onClick={() => mutation.mutate({ email: sentTo })}
          >
            {t('auth.reset.send_again')}
          </Button>
        </div>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('auth.reset.title')} lead={t('auth.reset.subtitle')}>
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <FormError error={errors.root?.server} />
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" block size="lg" loading={mutation.isPending}>
          {t('auth.reset.submit')}
        </Button>
      </form>
      <p className="form-footer">
        <Link to={paths.login.getHref()}>{t('auth.reset.back_to_login')}</Link>
      </p>
    </AuthPage>
  );
}

type ConfirmValues = z.input<typeof passwordResetConfirmBodySchema>;

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<ConfirmValues, unknown, z.output<typeof passwordResetConfirmBodySchema>>({
    resolver: zodResolver(passwordResetConfirmBodySchema),
    mode: 'onTouched',
    defaultValues: { token, new_password1: '', new_password2: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('new_password1') ?? '';
  const mutation = useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: () =>
      navigate(paths.login.getHref(), {
        replace: true,
        state: { notice: 'password_reset' satisfies LoginNotice },
      }),
    onError: (error) => applyServerErrors(error, form.setError, ['new_password1', 'new_password2']),
  });
  const linkInvalid = isApiError(mutation.error) && mutation.error.code === 'invalid_reset_link';

  return (
    <AuthPage title={t('auth.reset.new_title')} lead={t('auth.reset.new_subtitle')}>
      {linkInvalid ? (
        <Alert tone="error" title={t('errors.codes.invalid_reset_link')}>
          <p>
            <Link to={paths.resetPassword.getHref()}>{t('auth.reset.request_new')}</Link>
          </p>
        </Alert>
      ) : (
        <FormError error={errors.root?.server} />
      )}
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <NewPasswordFields
          label={t('auth.fields.new_password')}
          password={password}
          field={form.register('new_password1')}
          error={errors.new_password1?.message}
          repeatField={form.register('new_password2')}
          repeatError={errors.new_password2?.message}
        />
        <Button type="submit" block size="lg" loading={mutation.isPending}>
          {t('auth.reset.new_submit')}
        </Button>
      </form>
    </AuthPage>
  );
}
