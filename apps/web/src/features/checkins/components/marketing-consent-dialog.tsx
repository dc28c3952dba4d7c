import { MARKETING_DOC_LAST_UPDATED } from '@fotodrop/contract/constants';
import { useMutation } from '@tanstack/react-query';
import { updateMe, useUser } from '../../../shared/auth/user';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { formatCalendarDate } from '../../../shared/ui/date-text';
import { Dialog } from '../../../shared/ui/dialog';

/** Either answer is the last word of this preview link: the question is not asked again. */
function forgetMarketingCheck(): void {
  const { preview, setPreview } = useAppStore.getState();
  if (preview) setPreview({ ...preview, marketingCheck: false });
}

/**
 * The marketing-consent modal a preview link with the marketing check (service 2394) leaves for
 * the album list: asked once, only of a user who has not consented yet, in the site's words
 * (AppConfig.marketing_consent_description) and with the document's date unless the site hides it.
 */
export function MarketingConsentDialog() {
  const { t, i18n } = useTranslation();
  const config = useAppConfig();
  const { data: user, isFetching } = useUser();
  const consent = useMutation({
    mutationFn: () => updateMe({ marketing_consent: true }),
    onSuccess: forgetMarketingCheck,
  });
  // a user who already consented is not asked; a stored user being refreshed is not trusted yet
  if (!user || user.marketing_consent || (isFetching && !consent.isPending)) return null;
  return (
    <Dialog
      open
      onClose={forgetMarketingCheck}
      title={t('checkins.marketing.title')}
      actions={
        <>
          <Button variant="secondary" onClick={forgetMarketingCheck}>
            {t('checkins.marketing.no')}
          </Button>
          <Button loading={consent.isPending} onClick={() => consent.mutate()}>
            {t('checkins.marketing.yes')}
          </Button>
        </>
      }
    >
      <p>{config.marketing_consent_description ?? t('checkins.marketing.text')}</p>
      <p className="field-hint">{t('checkins.marketing.withdraw')}</p>
      {!config.hide_marketing_consent_last_update_date && (
        <p className="field-hint">
          {t('checkins.marketing.updated', {
            date: formatCalendarDate(MARKETING_DOC_LAST_UPDATED, i18n.language),
          })}
        </p>
      )}
      {consent.isError && <Alert tone="error">{translateError(t, consent.error)}</Alert>}
    </Dialog>
  );
}
