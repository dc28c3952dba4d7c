import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { BROWSER_NAMES, detectCurrent } from '../lib/browser-detect';
import { cameraSupported, useCamera } from '../lib/use-camera';
import { CameraHelpSteps } from './camera-help';
import { SelfieFilePicker } from './selfie-file-picker';
import { StepHeading } from './step-heading';

interface PhotoStepProps {
  additional: boolean;
  /** The user chose a photo instead of the camera on the info step. */
  preferFile: boolean;
  /** Why the last selfie was refused (a catalogue key), shown above the camera. */
  notice: string | null;
  onShot: (file: File) => void;
}

/**
 * The photo step: the front camera mirrored with an oval to place the face in, and a capture
 * button; a file picker (which opens the front camera on phones) where there is no camera, it
 * was refused, or the user prefers it.
 */
export function PhotoStep({ additional, preferFile, notice, onShot }: PhotoStepProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const camera = useCamera(video);
  const [fileError, setFileError] = useState<string | null>(null);
  const [capturing, setCapturing] = useState(false);
  const useCameraNow = !preferFile && cameraSupported();

  const { start } = camera;
  useEffect(() => {
    if (useCameraNow) void start();
  }, [useCameraNow, start]);

  const onFile = (file: File) => {
    camera.stop();
    onShot(file);
  };

  const capture = async () => {
    setCapturing(true);
    const file = await camera.capture();
    setCapturing(false);
    if (file) onShot(file);
    else setFileError('selfie.errors.capture_failed');
  };

  const state = camera.state.kind;
  const showVideo = useCameraNow && state !== 'denied' && state !== 'unavailable';

  return (
    <div className="selfie-step selfie-photo">
      <StepHeading>{t(additional ? 'selfie.photo.title_additional' : 'selfie.photo.title')}</StepHeading>
      {notice && <Alert tone="error">{t(notice)}</Alert>}
      {showVideo && (
        <>
          <p className="selfie-hint">{t('selfie.photo.hint')}</p>
          <div className="selfie-camera">
            <video
              ref={video}
              className="selfie-video"
              aria-label={t('selfie.photo.video_label')}
              autoPlay
              muted
              playsInline
            />
            <div className="selfie-oval" aria-hidden="true" />
          </div>
          <Button
            size="lg"
            block
            onClick={() => void capture()}
            disabled={state !== 'live'}
            loading={capturing}
          >
            {t('selfie.photo.capture')}
          </Button>
        </>
      )}
      {state === 'denied' && <CameraDenied onRetry={() => void start()} />}
      {(state === 'unavailable' || (!preferFile && !cameraSupported())) && (
        <Alert tone="info">{t('selfie.photo.no_camera')}</Alert>
      )}
      {fileError && <Alert tone="error">{t(fileError)}</Alert>}
      <SelfieFilePicker
        label={t('selfie.photo.choose_file')}
        className={`btn ${showVideo ? 'btn-ghost' : 'btn-primary btn-block'}`}
        capture
        onFile={onFile}
        onError={setFileError}
      />
    </div>
  );
}

/** Camera refused: how to allow it in this browser and system, and the other browsers' pages. */
function CameraDenied({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const { browser, system } = detectCurrent();
  return (
    <div className="selfie-denied" role="alert">
      <h4>{t('selfie.camera_help.denied_title')}</h4>
      <p>
        {t('selfie.camera_help.denied_text', {
          browser: BROWSER_NAMES[browser],
          system: t(`selfie.camera_help.systems.${system}`),
        })}
      </p>
      <CameraHelpSteps browser={browser} system={system} />
      <p>
        <Link to={paths.cameraHelp.getHref(browser, system)} target="_blank" rel="noopener">
          {t('selfie.camera_help.more_link')}
        </Link>
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {t('selfie.camera_help.retry')}
      </Button>
    </div>
  );
}
