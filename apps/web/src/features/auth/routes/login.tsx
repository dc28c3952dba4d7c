import { loginBodySchema } from '@fotodrop/contract/api/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths, safeNext } from '../../../shared/config/paths';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { applyServerErrors, FORM_ERROR } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextField } from '../../../shared/ui/text-field';
import { type LoginBody, login } from '../api/login';
import { AuthPage } from '../components/auth-page';
import { SocialButtons } from '../components/social-buttons';

/** Notices other screens leave for the login page (navigation state). */
export type LoginNotice = 'password_reset' | 'social_failed' | 'sso_failed';

const NOTICE_TONE: Record<LoginNotice, 'success' | 'error'> = {
  password_reset: 'success',
  social_failed: 'error',
  sso_failed: 'error',
};

export function Component() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const nextParam = params.get('next');
  const notice = (location.state as { notice?: LoginNotice } | null)?.notice;

  const form = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: login,
    onSuccess: () => navigate(safeNext(nextParam, paths.checkins.getHref()), { replace: true }),
    onError: (error) =>
      applyServerErrors(error, form.setError, ['username', 'password'], { invalid_credentials: FORM_ERROR }),
  });

  return (
    <AuthPage title={t('auth.login.title')} lead={config.login_subtitle ?? t('auth.login.subtitle')}>
      {notice && NOTICE_TONE[notice] && (
        <Alert tone={NOTICE_TONE[notice]}>{t(`auth.notices.${notice}`)}</Alert>
      )}
      <form noValidate onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
        <FormError error={errors.root?.server} />
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          required
          error={errors.username?.message}
          {...form.register('username')}
        />
        <PasswordField
          label={t('auth.fields.password')}
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <p className="form-aside">
          <Link to={paths.resetPassword.getHref()}>{t('auth.login.forgot')}</Link>
        </p>
        <Button type="submit" block size="lg" loading={mutation.isPending}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <SocialButtons next={nextParam} />
      <p className="form-footer">
        {t('auth.login.no_account')}{' '}
        <Link to={paths.signup.getHref(nextParam ?? undefined)}>{t('auth.login.signup_link')}</Link>
      </p>
    </AuthPage>
  );
}
