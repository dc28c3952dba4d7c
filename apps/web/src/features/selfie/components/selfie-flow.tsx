import '../selfie.css';
import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useAppConfig } from '../../../shared/config/use-app-config';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Dialog } from '../../../shared/ui/dialog';
import { startFaceSearch, uploadSelfie } from '../api/selfie-api';
import { ConfirmStep } from './confirm-step';
import { PhotoStep } from './photo-step';
import { ProcessingStep } from './processing-step';
import { SelfieFilePicker } from './selfie-file-picker';
import { type StayDates, StayDatesStep } from './stay-dates-step';
import { StepHeading } from './step-heading';

export interface SelfieFlowProps {
  checkinId: number;
  /** The album, when it is open already; a pending check-in gets it from `onSelfieAccepted`. */
  checkin: Checkin | null;
  /** The step's privacy statement; else the organisation's (AppConfig). */
  privacy?: string | null;
  /**
   * 'first': the whole flow from the info step; 'again': a new selfie from the album;
   * 'another': straight to adding another person.
   */
  mode?: 'first' | 'again' | 'another';
  /**
   * The first selfie was accepted: a pending check-in (the face_recognition step) completes and
   * hands back the album; null when the check-in went on to another step (the flow then closes).
   */
  onSelfieAccepted?: () => Promise<Checkin | null>;
  /** The search finished, or the user went on to the album while it runs. */
  onDone: (checkin: Checkin, matched: number | null) => void;
  onClose: () => void;
}

type Step =
  | { kind: 'info' }
  | { kind: 'photo'; additional: boolean; notice: string | null }
  | { kind: 'confirm'; additional: boolean; file: File }
  | { kind: 'another' }
  | { kind: 'dates' }
  | { kind: 'processing' };

function firstStep(mode: SelfieFlowProps['mode']): Step {
  if (mode === 'another') return { kind: 'another' };
  if (mode === 'again') return { kind: 'photo', additional: false, notice: null };
  return { kind: 'info' };
}

/**
 * The selfie flow (albums spec §2, §4 "Selfie flow"): info → photo → confirm (the consent) →
 * upload → optionally another person → the dates of a stay → the search, watched until it ends.
 */
export default function SelfieFlow(props: SelfieFlowProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [step, setStep] = useState<Step>(() => firstStep(props.mode));
  const [preferFile, setPreferFile] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [checkin, setCheckin] = useState<Checkin | null>(props.checkin);
  const [multiConsent, setMultiConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  // the album as soon as it is known, for callbacks that run after a state change
  const album = useRef(checkin);
  album.current = checkin;

  const search = useMutation({
    mutationFn: (dates?: StayDates) => startFaceSearch(props.checkinId, dates),
    onSuccess: () => setStep({ kind: 'processing' }),
  });

  const afterSelfies = (current: Checkin) => {
    if (current.event.experience_type === 'stay') setStep({ kind: 'dates' });
    else search.mutate(undefined);
  };

  const confirm = async (file: File, additional: boolean) => {
    setUploadError(null);
    setProgress(0);
    const result = await uploadSelfie(
      { checkinId: props.checkinId, file, additionalPerson: additional },
      setProgress,
    );
    setProgress(null);
    if (result.kind === 'rejected') {
      setStep({ kind: 'photo', additional, notice: `selfie.rejected.${result.reason}` });
      return;
    }
    if (result.kind === 'failed') {
      setUploadError(result.key);
      return;
    }
    let current = album.current;
    if (!current && props.onSelfieAccepted) {
      current = await props.onSelfieAccepted().catch(() => null);
      if (!current) return;
      setCheckin(current);
    }
    if (!current) return;
    if (additional) afterSelfies(current);
    else setStep({ kind: 'another' });
  };

  const finish = (matched: number | null) => {
    if (album.current) props.onDone(album.current, matched);
    else props.onClose();
  };

  const body = (() => {
    switch (step.kind) {
      case 'info':
        return (
          <InfoStep
            privacy={props.privacy ?? config.face_checkin_privacy_statement ?? null}
            onCamera={() => {
              setPreferFile(false);
              setStep({ kind: 'photo', additional: false, notice: null });
            }}
            onFile={(file) => {
              // another photo after this one comes from a file again, not the camera
              setPreferFile(true);
              setStep({ kind: 'confirm', additional: false, file });
            }}
          />
        );
      case 'photo':
        return (
          <PhotoStep
            key={`${step.additional}-${step.notice}`}
            additional={step.additional}
            preferFile={preferFile}
            notice={step.notice}
            onShot={(file) => setStep({ kind: 'confirm', additional: step.additional, file })}
          />
        );
      case 'confirm':
        return (
          <ConfirmStep
            file={step.file}
            additional={step.additional}
            progress={progress}
            error={uploadError}
            onConfirm={() => void confirm(step.file, step.additional)}
            onRetake={() => {
              setUploadError(null);
              setStep({ kind: 'photo', additional: step.additional, notice: null });
            }}
          />
        );
      case 'another':
        return (
          <div className="selfie-step">
            <StepHeading>{t('selfie.another.title')}</StepHeading>
            <p>{t('selfie.another.text')}</p>
            <Checkbox
              label={t('selfie.another.consent')}
              checked={multiConsent}
              error={consentMissing ? 'selfie.another.consent_required' : undefined}
              onChange={(e) => {
                setMultiConsent(e.target.checked);
                setConsentMissing(false);
              }}
            />
            {search.isError && <Alert tone="error">{t('selfie.errors.search_failed')}</Alert>}
            <div className="selfie-actions">
              <Button
                variant="secondary"
                loading={search.isPending}
                onClick={() => (album.current ? afterSelfies(album.current) : finish(null))}
              >
                {t('selfie.another.skip')}
              </Button>
              <Button
                onClick={() => {
                  if (!multiConsent) setConsentMissing(true);
                  else setStep({ kind: 'photo', additional: true, notice: null });
                }}
              >
                {t('selfie.another.add')}
              </Button>
            </div>
          </div>
        );
      case 'dates':
        return checkin ? (
          <>
            {search.isError && <Alert tone="error">{t('selfie.errors.search_failed')}</Alert>}
            <StayDatesStep checkin={checkin} busy={search.isPending} onSubmit={(d) => search.mutate(d)} />
          </>
        ) : null;
      case 'processing':
        return (
          <ProcessingStep
            checkinId={props.checkinId}
            onFinished={finish}
            onRetry={() => search.mutate(undefined)}
          />
        );
    }
  })();

  return (
    <Dialog open onClose={() => (album.current ? finish(null) : props.onClose())} title={t('selfie.title')}>
      <div className="selfie-flow">{body}</div>
    </Dialog>
  );
}

/** What happens, why, what is kept; the camera or a photo from the device. */
function InfoStep({
  privacy,
  onCamera,
  onFile,
}: {
  privacy: string | null;
  onCamera: () => void;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const [fileError, setFileError] = useState<string | null>(null);
  return (
    <div className="selfie-step selfie-info">
      <StepHeading>{t('selfie.info.title')}</StepHeading>
      <p>{t('selfie.info.what')}</p>
      <ul className="selfie-tips">
        <li>{t('selfie.info.tip_centre')}</li>
        <li>{t('selfie.info.tip_uncovered')}</li>
        <li>{t('selfie.info.tip_alone')}</li>
      </ul>
      <p>{t('selfie.info.stored')}</p>
      {privacy && (
        <section className="step-privacy">
          <h4>{t('checkins.steps.privacy')}</h4>
          <p>{privacy}</p>
        </section>
      )}
      {fileError && <Alert tone="error">{t(fileError)}</Alert>}
      <div className="selfie-actions">
        <SelfieFilePicker
          label={t('selfie.info.choose_file')}
          className="btn btn-secondary"
          onFile={onFile}
          onError={setFileError}
        />
        <Button onClick={onCamera}>{t('selfie.info.take')}</Button>
      </div>
    </div>
  );
}
