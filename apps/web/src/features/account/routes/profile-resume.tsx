import { type User, updateMeBodySchema } from '@fotodrop/contract/api/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { signOut, updateMe } from '../../../shared/auth/user';
import { paths } from '../../../shared/config/paths';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { LANGUAGE_NAMES } from '../../../shared/i18n/i18n';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { LanguageSwitcher } from '../../../shared/ui/language-switcher';
import { TextField } from '../../../shared/ui/text-field';
import { ProfilePage } from '../components/profile-page';
import { SavedCards } from '../components/saved-cards';

type NameValues = z.input<typeof updateMeBodySchema>;

/** /profile/resume: who is logged in, their name (editable), saved cards, language, and log out. */
export function Component() {
  const { t } = useTranslation();
  return <ProfilePage title={t('profile.resume.title')}>{(user) => <Resume user={user} />}</ProfilePage>;
}

function Resume({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<NameValues, unknown, z.output<typeof updateMeBodySchema>>({
    resolver: zodResolver(updateMeBodySchema),
    defaultValues: { first_name: user.first_name, last_name: user.last_name },
  });
  const { errors, isDirty } = form.formState;
  const save = useMutation({
    mutationFn: updateMe,
    onSuccess: (saved) => form.reset({ first_name: saved.first_name, last_name: saved.last_name }),
    onError: (error) => applyServerErrors(error, form.setError, ['first_name', 'last_name']),
  });
  const logout = useMutation({
    mutationFn: signOut,
    onSettled: () => navigate(paths.home.getHref(), { replace: true }),
  });
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');

  return (
    <>
      <div className="form-card">
        <h2>{t('profile.resume.account')}</h2>
        <dl className="details">
          <dt>{t('profile.resume.name')}</dt>
          <dd>{fullName || '—'}</dd>
          <dt>{t('auth.fields.email')}</dt>
          <dd>{user.email}</dd>
          <dt>{t('language.label')}</dt>
          <dd>{LANGUAGE_NAMES[user.language]}</dd>
        </dl>
        <Button variant="secondary" loading={logout.isPending} onClick={() => logout.mutate()}>
          {t('profile.resume.logout')}
        </Button>
      </div>

      <div className="form-card">
        <h2>{t('profile.resume.edit_name')}</h2>
        {save.isSuccess && !isDirty && <Alert tone="success">{t('profile.resume.saved')}</Alert>}
        <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))}>
          <FormError error={errors.root?.server} />
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
          <Button type="submit" loading={save.isPending} disabled={!isDirty}>
            {t('common.save')}
          </Button>
        </form>
      </div>

      <SavedCards />

      <div className="form-card">
        <h2>{t('profile.resume.language_title')}</h2>
        <LanguageSwitcher />
        <p className="field-hint language-hint">{t('profile.resume.language_hint')}</p>
      </div>
    </>
  );
}
