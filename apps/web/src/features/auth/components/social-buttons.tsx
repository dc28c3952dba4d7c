import type { SocialProvider } from '@fotodrop/contract/api/config';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { socialProvidersQuery, startSocialLogin } from '../api/social-login';
import { AgePrompt } from './age-prompt';

/**
 * One button per configured OpenID Connect provider; nothing when the server has none, or the
 * organisation (or the preview link) disabled social login. A provider's account skips the sign-up
 * form's age declaration, so the site's minimum-age prompt comes first.
 */
export function SocialButtons({ next }: { next: string | null }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const previewDisabled = useAppStore((s) => s.preview?.disableSocialLogin === true);
  const disabled = config.disable_social_login || previewDisabled;
  const { data } = useQuery({ ...socialProvidersQuery, enabled: !disabled });
  const [asking, setAsking] = useState<SocialProvider | null>(null);
  const providers = data?.providers ?? [];
  if (disabled || providers.length === 0) return null;
  return (
    <>
      <div className="divider">{t('auth.login.or')}</div>
      <ul className="stack social-list">
        {providers.map((provider) => (
          <li key={provider.id}>
            <button type="button" className="btn btn-secondary btn-block" onClick={() => setAsking(provider)}>
              {t('auth.login.social', { provider: provider.name })}
            </button>
          </li>
        ))}
      </ul>
      {asking && (
        <AgePrompt onConfirm={() => startSocialLogin(asking, next)} onClose={() => setAsking(null)} />
      )}
    </>
  );
}
