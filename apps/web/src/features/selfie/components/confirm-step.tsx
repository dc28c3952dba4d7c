import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { StepHeading } from './step-heading';

interface ConfirmStepProps {
  file: File;
  additional: boolean;
  /** Upload progress 0…1 while the selfie is being sent, else null. */
  progress: number | null;
  /** Catalogue key of a failure to show (not a refusal: those go back to the photo step). */
  error: string | null;
  onConfirm: () => void;
  onRetake: () => void;
}

/**
 * The shot as a data: URL. Not a blob: URL: the app's Content-Security-Policy allows images from
 * the site and data: only (security-headers.ts), and a selfie is small enough to inline.
 */
function useDataUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const reader = new FileReader();
    reader.onload = () => setUrl(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return url;
}

/**
 * The confirm step: the shot, and the sentence that makes confirming the biometric consent
 * (albums spec §5: consent is given by confirming the selfie). Then the upload with its progress.
 */
export function ConfirmStep({ file, additional, progress, error, onConfirm, onRetake }: ConfirmStepProps) {
  const { t } = useTranslation();
  const url = useDataUrl(file);
  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="selfie-step selfie-confirm">
      <StepHeading>{t('selfie.confirm.title')}</StepHeading>
      {url && <img className="selfie-shot" src={url} alt={t('selfie.confirm.shot_alt')} />}
      <p className="selfie-consent">
        {t(additional ? 'selfie.confirm.consent_additional' : 'selfie.confirm.consent')}
      </p>
      {error && <Alert tone="error">{t(error)}</Alert>}
      {uploading && (
        <div className="selfie-progress">
          <label>
            {t('selfie.confirm.uploading', { percent })}
            <progress max={100} value={percent} />
          </label>
        </div>
      )}
      <div className="selfie-actions">
        <Button variant="secondary" onClick={onRetake} disabled={uploading}>
          {t('selfie.confirm.retake')}
        </Button>
        <Button onClick={onConfirm} loading={uploading}>
          {t('selfie.confirm.submit')}
        </Button>
      </div>
    </div>
  );
}
