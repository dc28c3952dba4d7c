import { useState } from 'react';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { ExternalLink } from './consent-labels';

/**
 * "Are you over 18?" — the minimum-age prompt, with the site's own age (AppConfig.min_required_age)
 * and its policy link. "No" says why the account cannot be made and goes nowhere.
 */
export function AgePrompt({ onConfirm, onClose }: { onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const age = config.min_required_age;
  const [refused, setRefused] = useState(false);
  const policy = config.min_required_age_policy_url && (
    <p>
      <ExternalLink href={config.min_required_age_policy_url}>{t('auth.signup.age_policy')}</ExternalLink>
    </p>
  );
  if (refused)
    return (
      <Dialog open onClose={onClose} title={t('auth.age_prompt.too_young_title')}>
        <p>{t('auth.age_prompt.too_young_text', { age, name: config.name })}</p>
        {policy}
      </Dialog>
    );
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('auth.age_prompt.title', { age })}
      actions={
        <>
          <Button variant="secondary" onClick={() => setRefused(true)}>
            {t('auth.age_prompt.no', { age })}
          </Button>
          <Button onClick={onConfirm}>{t('auth.age_prompt.yes', { age })}</Button>
        </>
      }
    >
      <p>{t('auth.age_prompt.text', { age })}</p>
      {policy}
    </Dialog>
  );
}
