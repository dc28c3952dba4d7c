import { useState } from 'react';
import { checkHealth } from '../../../shared/api/health';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';

/** Shown instead of any page while GET /api/health answers 503. */
export default function MaintenancePage() {
  const { t } = useTranslation();
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);
  usePageTitle(t('maintenance.title'));

  async function retry() {
    setChecking(true);
    const up = await checkHealth();
    setChecking(false);
    setStillDown(!up);
  }

  return (
    <section className="page page-narrow status-page">
      <svg className="status-illustration" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path
          d="M28 8a10 10 0 0 0-9.5 13.2L8 31.7a4 4 0 1 0 5.7 5.6l10.4-10.4A10 10 0 0 0 38 17l-6 2-3-3 2-6z"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinejoin="round"
        />
      </svg>
      <h1>{t('maintenance.title')}</h1>
      <p>{t('maintenance.text')}</p>
      {stillDown && <Alert tone="warning">{t('maintenance.still_down')}</Alert>}
      <div className="actions">
        <Button onClick={() => void retry()} loading={checking}>
          {t('maintenance.retry')}
        </Button>
      </div>
    </section>
  );
}
