import { useNavigate } from 'react-router';
import { paths } from '../../shared/config/paths';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useAppStore } from '../../shared/store/app-store';
import { Button } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';

/** Shown after a 401 ended a session that had a token. */
export default function SessionExpiredDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = () => useAppStore.getState().setModal('sessionExpired', false);
  return (
    <Dialog
      open
      onClose={close}
      title={t('session_expired.title')}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {t('session_expired.close')}
          </Button>
          <Button
            onClick={() => {
              close();
              void navigate(paths.login.getHref());
            }}
          >
            {t('session_expired.login')}
          </Button>
        </>
      }
    >
      <p>{t('session_expired.text')}</p>
    </Dialog>
  );
}
