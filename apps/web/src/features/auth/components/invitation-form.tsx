import { acceptInvitationBodySchema, type InvitationLookup } from '@fotodrop/contract/api/organisations';
import { newPasswordSchema } from '@fotodrop/contract/password-policy';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../shared/api/errors';
import { type JoinedOrganisationState, paths } from '../../../shared/config/paths';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { translateMessage } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextField } from '../../../shared/ui/text-field';
import { acceptInvitation } from '../api/invitation';
import { AuthPage } from './auth-page';
import { RequiredConsents } from './consent-labels';

type Output = z.output<typeof acceptInvitationBodySchema>;
/** The form holds plain booleans; the schemas want `true` where a consent is required. */
interface Values {
  token: string;
  password: string;
  first_name: string;
  last_name: string;
  is_adult: boolean;
  accept_terms: boolean;
}

const FIELDS = ['password', 'first_name', 'last_name', 'is_adult', 'accept_terms'] as const;

/** A new account: the password rules and the sign-up form's two consents, checked before sending. */
const newAccountSchema = acceptInvitationBodySchema.extend({
  password: newPasswordSchema,
  is_adult: z.literal(true, { message: 'signup.adult_required' }),
  accept_terms: z.literal(true, { message: 'signup.terms_required' }),
});
const newAccountResolver = zodResolver(newAccountSchema) as unknown as Resolver<Values, unknown, Output>;
/** An existing account: the server says whether its password is needed (signed in as it, it is not). */
const existingResolver = zodResolver(
  acceptInvitationBodySchema.omit({ is_adult: true, accept_terms: true }),
) as unknown as Resolver<Values, unknown, Output>;

/** The invitation page once its lookup answered: who invited whom to what, and what joining needs. */
export function InvitationForm({
  token,
  invitation,
  signedInAs,
}: {
  token: string;
  invitation: InvitationLookup;
  /** The signed-in account's e-mail; null when signed out. */
  signedInAs: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isInvitee = signedInAs !== null && signedInAs.toLowerCase() === invitation.email.toLowerCase();
  const createsAccount = !invitation.account_exists;
  // signed in as the invited account, the session is enough unless the server asks for its password
  const [passwordAsked, setPasswordAsked] = useState(false);
  const showPassword = passwordAsked || !isInvitee;
  const form = useForm<Values, unknown, Output>({
    resolver: createsAccount ? newAccountResolver : existingResolver,
    defaultValues: {
      token,
      password: '',
      first_name: '',
      last_name: '',
      is_adult: false,
      accept_terms: false,
    },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: Output) =>
      acceptInvitation({
        token: values.token,
        // an empty field is "no password", which the server answers with what it needs
        password: values.password || undefined,
        ...(createsAccount
          ? {
              first_name: values.first_name,
              last_name: values.last_name,
              is_adult: values.is_adult,
              accept_terms: values.accept_terms,
            }
          : {}),
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
  // used or expired since the page opened: cannot be fixed here, say so instead of the form
  const linkError = isApiError(mutation.error) ? mutation.error.fieldErrors.token?.[0] : undefined;
  const submit = form.handleSubmit((values) => mutation.mutate(values));
  const title = t('auth.invitation.title');

  if (linkError) {
    return (
      <AuthPage title={title}>
        <Alert tone="error">{translateMessage(t, linkError)}</Alert>
        <p className="form-footer">
          <Link to={paths.home.getHref()}>{t('auth.invitation.to_home')}</Link>
        </p>
      </AuthPage>
    );
  }

  const role = t(`organiser.roles.${invitation.role}`);
  const lead = (
    <>
      <p>
        {invitation.invited_by
          ? t('auth.invitation.invited_by', {
              inviter: invitation.invited_by,
              organisation: invitation.organisation.name,
              role,
            })
          : t('auth.invitation.invited', { organisation: invitation.organisation.name, role })}
      </p>
      <p>{t('auth.invitation.for_email', { email: invitation.email })}</p>
      {signedInAs !== null && !isInvitee && (
        <p>{t('auth.invitation.other_account', { current: signedInAs, email: invitation.email })}</p>
      )}
    </>
  );

  const passwordField = (
    <PasswordField
      label={createsAccount ? t('auth.invitation.choose_password') : t('auth.fields.password')}
      autoComplete={createsAccount ? 'new-password' : 'current-password'}
      required
      error={errors.password?.message}
      {...form.register('password')}
    />
  );

  if (!createsAccount) {
    return (
      <AuthPage title={title} lead={lead}>
        <form noValidate onSubmit={submit}>
          <FormError error={errors.root?.server} />
          {!showPassword && <p className="field-hint">{t('auth.invitation.signed_in')}</p>}
          {showPassword && (
            <>
              <p className="field-hint">{t('auth.invitation.existing_account')}</p>
              {passwordField}
            </>
          )}
          <Button type="submit" block size="lg" loading={mutation.isPending}>
            {t('auth.invitation.join')}
          </Button>
        </form>
        {signedInAs === null && (
          <p className="form-footer">
            <Link to={paths.resetPassword.getHref()}>{t('auth.invitation.forgot_password')}</Link>
          </p>
        )}
      </AuthPage>
    );
  }

  return (
    <AuthPage title={title} lead={lead}>
      <form noValidate onSubmit={submit}>
        <FormError error={errors.root?.server} />
        <p className="field-hint">{t('auth.invitation.new_account')}</p>
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
        <fieldset className="fieldset">
          <legend className="visually-hidden">{t('auth.signup.consents')}</legend>
          <RequiredConsents
            adult={form.register('is_adult')}
            terms={form.register('accept_terms')}
            adultError={errors.is_adult?.message}
            termsError={errors.accept_terms?.message}
          />
        </fieldset>
        <Button type="submit" block size="lg" loading={mutation.isPending}>
          {t('auth.invitation.submit')}
        </Button>
      </form>
    </AuthPage>
  );
}
