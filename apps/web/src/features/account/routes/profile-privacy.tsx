import { deleteAccountBodySchema, type User } from '@fotodrop/contract/api/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { updateMe } from '../../../shared/auth/user';
import { paths } from '../../../shared/config/paths';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Dialog } from '../../../shared/ui/dialog';
import { FormError } from '../../../shared/ui/form-error';
import { PasswordField } from '../../../shared/ui/password-field';
import { deleteAccount } from '../api/account';
import { ProfilePage } from '../components/profile-page';

/** /profile/privacy: marketing consent and account deletion. */
export function Component() {
  const { t } = useTranslation();
  return (
    <ProfilePage title={t('profile.privacy.title')}>
      {(user) => (
        <>
          <MarketingConsent user={user} />
          <DeleteAccount />
        </>
      )}
    </ProfilePage>
  );
}

function MarketingConsent({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const toggle = useMutation({ mutationFn: (on: boolean) => updateMe({ marketing_consent: on }) });
  const checked = toggle.isPending ? toggle.variables : user.marketing_consent;
  const updatedAt = user.marketing_consent_updated_at;
  const date = updatedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(updatedAt))
    : null;
  return (
    <div className="form-card">
      <h2>{t('profile.privacy.marketing_title')}</h2>
      <Checkbox
        asSwitch
        checked={checked}
        disabled={toggle.isPending}
        onChange={(e) => toggle.mutate(e.target.checked)}
        label={config.marketing_consent_description ?? t('profile.privacy.marketing_label')}
        description={
          !config.hide_marketing_consent_last_update_date && date
            ? t('profile.privacy.marketing_updated', { date })
            : undefined
        }
      />
      {toggle.isError && <Alert tone="error">{translateError(t, toggle.error)}</Alert>}
    </div>
  );
}

type DeleteValues = z.input<typeof deleteAccountBodySchema>;

function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<DeleteValues | null>(null);
  const form = useForm<DeleteValues>({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => navigate(paths.home.getHref(), { replace: true }),
    onError: (error) => {
      setConfirming(null);
      applyServerErrors(error, form.setError, ['password'], { wrong_password: 'password' });
    },
  });

  return (
    <div className="form-card danger-zone">
      <h2>{t('profile.privacy.delete_title')}</h2>
      <p>{t('profile.privacy.delete_text')}</p>
      <form noValidate onSubmit={form.handleSubmit((values) => setConfirming(values))}>
        <FormError error={errors.root?.server} />
        <PasswordField
          label={t('profile.privacy.delete_password')}
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" variant="danger">
          {t('profile.privacy.delete_submit')}
        </Button>
      </form>
      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('profile.privacy.confirm_title')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => confirming && remove.mutate(confirming)}
            >
              {t('profile.privacy.confirm_delete')}
            </Button>
          </>
        }
      >
        <p>{t('profile.privacy.confirm_text')}</p>
      </Dialog>
    </div>
  );
}
