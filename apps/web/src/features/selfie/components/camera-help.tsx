import { useTranslation } from '../../../shared/i18n/use-translation';
import { cameraHelpSteps, type HelpBrowser, type HelpSystem } from '../lib/browser-detect';

/** The numbered instructions to allow the camera again in one browser on one system. */
export function CameraHelpSteps({ browser, system }: { browser: HelpBrowser; system: HelpSystem }) {
  const { t } = useTranslation();
  return (
    <ol className="camera-help-steps">
      {cameraHelpSteps(browser, system).map((step) => (
        <li key={step.key}>{t(`selfie.camera_help.steps.${step.key}`, step.vars)}</li>
      ))}
    </ol>
  );
}
