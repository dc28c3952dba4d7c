import { acceptInvitationBodySchema } from '@fotodrop/contract/api/organisations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../../shared/api/errors';
import { type JoinedOrganisationState, paths } from '../../../shared/config/paths';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { translateMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useIsLoggedIn } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextField } from '../../../shared/ui/text-field';
import { acceptInvitation } from '../api/invitation';
import { AuthPage } from '../components/auth-page';

type Values = z.input<typeof acceptInvitationBodySchema>;
type Output = z.output<typeof acceptInvitationBodySchema>;

const FIELDS = ['password', 'first_name', 'last_name'] as const;

/**
 * /organiser/invitation?token=…: the page an invitation e-mail links to. The server decides whether
 * the invited e-mail needs a new account (a new password) or has one (its password, or being
 * signed in as it); this page offers both and shows what the server answers.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const loggedIn = useIsLoggedIn();
  if (!token) {
    return (
      <AuthPage title={t('auth.invitation.title')}>
        <Alert tone="error">{t('validation.invitation.invalid')}</Alert>
      </AuthPage>
    );
  }
  return <InvitationForm key={token} token={token} loggedIn={loggedIn} />;
}

function InvitationForm({ token, loggedIn }: { token: string; loggedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const noteId = useId();
  // signed in, the session is enough unless the server asks for the invited account's password
  const [passwordAsked, setPasswordAsked] = useState(!loggedIn);
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(acceptInvitationBodySchema),
    defaultValues: { token, password: '', first_name: '', last_name: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: Output) =>
      acceptInvitation({
        token: values.token,
        // an empty field is "no password", which the server answers with what it needs
        password: values.password || undefined,
        ...(loggedIn ? {} : { first_name: values.first_name, last_name: values.last_name }),
      }),
    onSuccess: (organisation) =>
      navigate(paths.organiserHome.getHref(), {
        replace: true,
        state: {
          joined: { organisation: organisation.name, role: organisation.role },
        } satisfies JoinedOrganisationState,
      }),
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.password) setPasswordAsked(true);
      applyServerErrors(error, form.setError, FIELDS);
    },
  });
  // an expired or used link cannot be fixed on this page: say so instead of the form
  const linkError = isApiError(mutation.error) ? mutation.error.fieldErrors.token?.[0] : undefined;
  const submit = form.handleSubmit((values) => mutation.mutate(values));

  if (linkError) {
    return (
      <AuthPage title={t('auth.invitation.title')}>
        <Alert tone="error">{translateMessage(t, linkError)}</Alert>
        <p className="form-footer">
          <Link to={paths.home.getHref()}>{t('auth.invitation.to_home')}</Link>
        </p>
      </AuthPage>
    );
  }

  const passwordField = (
    <PasswordField
      label={loggedIn ? t('auth.fields.password') : t('auth.invitation.choose_password')}
      autoComplete={loggedIn ? 'current-password' : 'new-password'}
      required
      error={errors.password?.message}
      describedById={loggedIn ? undefined : noteId}
      {...form.register('password')}
    >
      {/* the same field serves an existing account: screen readers hear this with the field */}
      {!loggedIn && (
        <p id={noteId} className="field-hint">
          {t('auth.invitation.existing_account')}
        </p>
      )}
    </PasswordField>
  );

  if (loggedIn) {
    return (
      <AuthPage title={t('auth.invitation.title')} lead={t('auth.invitation.lead_logged_in')}>
        <form noValidate onSubmit={submit}>
          <FormError error={errors.root?.server} />
          {passwordAsked && (
            <>
              <p className="field-hint">{t('auth.invitation.password_asked')}</p>
              {passwordField}
            </>
          )}
          <Button type="submit" block size="lg" loading={mutation.isPending}>
            {t('auth.invitation.join')}
          </Button>
        </form>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('auth.invitation.title')} lead={t('auth.invitation.lead')}>
      <form noValidate onSubmit={submit}>
        <FormError error={errors.root?.server} />
        <TextField
          label={t('auth.fields.first_name')}
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...form.register('first_name')}
        />
        <TextField
          label={t('auth.fields.last_name')}
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
        {passwordField}
        <Button type="submit" block size="lg" loading={mutation.isPending}>
          {t('auth.invitation.submit')}
        </Button>
      </form>
    </AuthPage>
  );
}
