import './impersonation-banner.css';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Button } from '../../../shared/ui/button';
import { returnToOwnAccount } from '../lib/switch-session';

/**
 * Shown on every page while a staff member views the app as another user: whose session this is,
 * and the way back. Loaded only then (the app shell imports it lazily).
 */
export default function ImpersonationBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useAppStore((s) => s.user?.email);
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    try {
      await returnToOwnAccount();
      await navigate(paths.impersonate.getHref());
    } finally {
      setLeaving(false);
    }
  };
  return (
    <section className="impersonation-banner" aria-label={t('impersonation.banner.label')}>
      <p>{email ? t('impersonation.banner.text', { email }) : t('impersonation.banner.label')}</p>
      <Button size="sm" variant="secondary" loading={leaving} onClick={() => void leave()}>
        {t('impersonation.banner.return')}
      </Button>
    </section>
  );
}
