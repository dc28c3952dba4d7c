import { signupBodySchema } from '@fotodrop/contract/api/accounts';
import type { AppConfig } from '@fotodrop/contract/api/config';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { paths, safeNext } from '../../../shared/config/paths';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { NewPasswordFields } from '../../../shared/forms/new-password-fields';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FormError } from '../../../shared/ui/form-error';
import { TextField } from '../../../shared/ui/text-field';
import { signup } from '../api/signup';
import { AuthPage } from '../components/auth-page';
import { ExternalLink, RequiredConsents } from '../components/consent-labels';

type SignupInput = z.input<typeof signupBodySchema>;
type SignupOutput = z.output<typeof signupBodySchema>;
/** The form holds plain booleans (the schema wants `true`) and the organisation's extra consents. */
type SignupForm = Omit<SignupInput, 'is_adult' | 'accept_terms'> & {
  is_adult: boolean;
  accept_terms: boolean;
  extra_consents: Record<string, boolean>;
};

const FIELDS = [
  'email',
  'first_name',
  'last_name',
  'password1',
  'password2',
  'is_adult',
  'accept_terms',
] as const;

type PrivacyCheckbox = AppConfig['privacy_checkboxes'][number];
/** Form keys of the organisation's checkboxes by position: ids may hold dots, which nest in form paths. */
const boxKey = (index: number) => `c${index}`;

/**
 * The contract schema, plus the organisation's required privacy checkboxes; the ticked ones are sent
 * as `privacy_consents` (the server checks the required ones again and keeps what was ticked).
 */
function signupResolver(boxes: PrivacyCheckbox[]): Resolver<SignupForm, unknown, SignupOutput> {
  const base = zodResolver(signupBodySchema) as unknown as Resolver<SignupForm, unknown, SignupOutput>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const ticked = (i: number) => values.extra_consents?.[boxKey(i)] === true;
    const missing = boxes.flatMap((box, i) => (box.required && !ticked(i) ? [boxKey(i)] : []));
    if (missing.length === 0) {
      if (Object.keys(result.errors).length > 0) return result;
      const ids = boxes.filter((_, i) => ticked(i)).map((box) => box.id);
      return { errors: {}, values: { ...(result.values as SignupOutput), privacy_consents: ids } };
    }
    const errors = { ...result.errors } as FieldErrors<SignupForm> & Record<string, unknown>;
    errors.extra_consents = Object.fromEntries(
      missing.map((key) => [key, { type: 'required', message: 'field.required' }]),
    );
    return { values: {}, errors: errors as FieldErrors<SignupForm> };
  };
}

export function Component() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const form = useForm<SignupForm, unknown, SignupOutput>({
    resolver: signupResolver(config.privacy_checkboxes),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      first_name: '',
      last_name: '',
      password1: '',
      password2: '',
      is_adult: false,
      accept_terms: false,
      marketing_consent: false,
      extra_consents: {},
    },
  });
  const { errors } = form.formState;
  const password = form.watch('password1') ?? '';

  const mutation = useMutation({
    mutationFn: (values: SignupOutput) => signup({ ...values, language: currentLanguage() }),
    onSuccess: () => {
      // a new account is the spec's "lead acquired"; the queue's chunk loads off the form's way
      void import('../../../shared/metrics').then((m) => m.trackMetric({ type: 'lead_acquired' }));
      return navigate(safeNext(params.get('next'), paths.checkins.getHref()), { replace: true });
    },
    onError: (error) => applyServerErrors(error, form.setError, FIELDS, { email_taken: 'email' }),
  });

  return (
    <AuthPage title={t('auth.signup.title')} lead={t('auth.signup.subtitle')}>
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
        <div className="field-row">
          <TextField
            label={t('auth.fields.first_name')}
            autoComplete="given-name"
            required
            error={errors.first_name?.message}
            {...form.register('first_name')}
          />
          <TextField
            label={t('auth.fields.last_name')}
            autoComplete="family-name"
            error={errors.last_name?.message}
            {...form.register('last_name')}
          />
        </div>
        <NewPasswordFields
          label={t('auth.fields.password')}
          password={password}
          field={form.register('password1')}
          error={errors.password1?.message}
          repeatField={form.register('password2')}
          repeatError={errors.password2?.message}
        />
        <fieldset className="fieldset">
          <legend className="visually-hidden">{t('auth.signup.consents')}</legend>
          <RequiredConsents
            adult={form.register('is_adult')}
            terms={form.register('accept_terms')}
            adultError={errors.is_adult?.message}
            termsError={errors.accept_terms?.message}
          />
          {config.privacy_checkboxes.map((box, i) => (
            <Checkbox
              key={box.id}
              label={box.label}
              description={
                box.url ? (
                  <ExternalLink href={box.url}>{t('auth.signup.read_document')}</ExternalLink>
                ) : undefined
              }
              required={box.required}
              error={errors.extra_consents?.[boxKey(i)]?.message}
              {...form.register(`extra_consents.${boxKey(i)}`)}
            />
          ))}
          <Checkbox
            label={config.marketing_consent_description ?? t('auth.signup.marketing')}
            description={t('auth.signup.marketing_optional')}
            {...form.register('marketing_consent')}
          />
        </fieldset>
        <Button type="submit" block size="lg" loading={mutation.isPending}>
          {t('auth.signup.submit')}
        </Button>
      </form>
      <p className="form-footer">
        {t('auth.signup.have_account')}{' '}
        <Link to={paths.login.getHref(params.get('next') ?? undefined)}>{t('auth.signup.login_link')}</Link>
      </p>
    </AuthPage>
  );
}
