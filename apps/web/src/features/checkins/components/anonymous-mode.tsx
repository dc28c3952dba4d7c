import type { Anonymization, Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { checkinEndpoints } from '@fotodrop/contract/api/checkins';
import type { AnonymizationKind } from '@fotodrop/contract/enums';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { callEndpoint } from '../../../shared/api/client';
import { queryClient } from '../../../shared/api/query-client';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { checkinKeys } from '../api/checkin-queries';
import '../steps/steps.css';

/** The album with its new anonymous-mode state, without waiting for the next fetch. */
function storeState(checkin: Checkin, anonymization: Anonymization) {
  queryClient.setQueryData<Checkin>(checkinKeys.byCode(checkin.picacode), (old) =>
    old ? { ...old, anonymization } : old,
  );
}

/**
 * The anonymous-mode control of an album (albums spec §4): off → "Hide my face" with the anonymize
 * modal (blur, or deep: also out of others' face search, e-mailed when done); pending shows that
 * the photos are being processed (the album screen polls until on); on → the deanonymize modal.
 */
export function AnonymousMode({ checkin }: { checkin: Checkin }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<AnonymizationKind>('deep');
  const kindName = useId();
  const { state } = checkin.anonymization;
  const change = useMutation({
    mutationFn: (turnOn: boolean) =>
      turnOn
        ? callEndpoint(checkinEndpoints.anonymize, { params: { id: checkin.id }, body: { kind } })
        : callEndpoint(checkinEndpoints.deanonymize, { params: { id: checkin.id } }),
    onSuccess: (anonymization) => {
      storeState(checkin, anonymization);
      setOpen(false);
    },
  });
  const close = () => {
    change.reset();
    setOpen(false);
  };
  const label =
    state === 'off'
      ? t('album.anonymous.button_off')
      : state === 'pending'
        ? t('album.anonymous.button_pending')
        : t('album.anonymous.button_on');
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </Button>
      {state !== 'off' && (
        <p className="album-anonymous-status" role="status">
          {state === 'pending'
            ? t('album.anonymous.status_pending')
            : t(
                checkin.anonymization.kind === 'deep'
                  ? 'album.anonymous.status_on_deep'
                  : 'album.anonymous.status_on_blur',
              )}
        </p>
      )}
      {state === 'off' ? (
        <Dialog
          open={open}
          onClose={close}
          title={t('album.anonymous.anonymize_title')}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button loading={change.isPending} onClick={() => change.mutate(true)}>
                {t('album.anonymous.confirm_on')}
              </Button>
            </>
          }
        >
          <p>{t('album.anonymous.anonymize_text')}</p>
          <fieldset className="fieldset option-list">
            <legend className="step-lead">{t('album.anonymous.kind_label')}</legend>
            {(['blur', 'deep'] as const).map((option) => (
              <label key={option} className="option">
                <input
                  type="radio"
                  name={kindName}
                  value={option}
                  checked={kind === option}
                  onChange={() => setKind(option)}
                />
                <span>
                  {t(option === 'blur' ? 'album.anonymous.kind_blur' : 'album.anonymous.kind_deep')}
                </span>
              </label>
            ))}
          </fieldset>
          {change.isError && <Alert tone="error">{translateError(t, change.error)}</Alert>}
        </Dialog>
      ) : (
        <Dialog
          open={open}
          onClose={close}
          title={t('album.anonymous.deanonymize_title')}
          actions={
            <>
              <Button variant="secondary" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button variant="danger" loading={change.isPending} onClick={() => change.mutate(false)}>
                {t('album.anonymous.confirm_off')}
              </Button>
            </>
          }
        >
          <p>{t('album.anonymous.deanonymize_text')}</p>
          {change.isError && <Alert tone="error">{translateError(t, change.error)}</Alert>}
        </Dialog>
      )}
    </>
  );
}
