import '../selfie.css';
import { Link, useParams } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { CameraHelpSteps } from '../components/camera-help';
import {
  BROWSER_NAMES,
  detectCurrent,
  HELP_BROWSERS,
  HELP_SYSTEMS,
  isHelpBrowser,
  isHelpSystem,
} from '../lib/browser-detect';

/**
 * /help/camera/:browser?/:system? — how to allow the camera for the selfie, per browser and system
 * (entry spec §2). Without (valid) segments the page shows the user's own browser and system;
 * links switch to any other of the 4 × 3 combinations.
 */
export function Component() {
  const { t } = useTranslation();
  const params = useParams();
  const current = detectCurrent();
  const browser = isHelpBrowser(params.browser) ? params.browser : current.browser;
  const system = isHelpSystem(params.system) ? params.system : current.system;
  const systemName = t(`selfie.camera_help.systems.${system}`);
  const heading = t('selfie.camera_help.heading', { browser: BROWSER_NAMES[browser], system: systemName });
  usePageTitle(heading);

  return (
    <section className="page page-medium camera-help-page">
      <h1>{heading}</h1>
      <p className="page-intro">{t('selfie.camera_help.intro')}</p>
      <CameraHelpSteps browser={browser} system={system} />
      <nav aria-label={t('selfie.camera_help.other_label')} className="camera-help-other">
        <h2>{t('selfie.camera_help.other_title')}</h2>
        {HELP_SYSTEMS.map((s) => (
          <div key={s} className="camera-help-row">
            <h3>{t(`selfie.camera_help.systems.${s}`)}</h3>
            <ul>
              {HELP_BROWSERS.map((b) => (
                <li key={b}>
                  <Link
                    to={paths.cameraHelp.getHref(b, s)}
                    aria-current={b === browser && s === system ? 'page' : undefined}
                  >
                    {BROWSER_NAMES[b]}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
    </section>
  );
}
