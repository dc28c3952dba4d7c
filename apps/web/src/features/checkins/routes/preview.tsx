import './preview.css';
import type { PreviewResponse } from '@fotodrop/contract/api/checkin-schemas';
import { useEffect, useRef, useState } from 'react';
import { type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router';
import { ensureUser } from '../../../shared/auth/user';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { ButtonLink } from '../../../shared/ui/button';
import { DateRange } from '../../../shared/ui/date-text';
import { PageLoader } from '../../../shared/ui/spinner';
import { leaveSite } from '../../../shared/utils/leave-site';
import { takeEarlyUser } from '../api/early-album';
import { FIRST_SCREEN_PHOTOS, startPreview, takePreview } from '../api/preview';

/**
 * The preview's call starts with the route, before the screen renders (the language catalogue
 * may still be loading then): the screen takes the same run.
 */
export function loader({ request }: LoaderFunctionArgs): null {
  startPreview(new URL(request.url).searchParams);
  // a logged-in runner goes on to the album the code opens (through the list screen only with a
  // redirect target or a further step): its screen's chunk, and the user its login guard asks for
  // (one call per page load), meanwhile
  if (useAppStore.getState().token) {
    void import('./checkin-detail');
    // a failure is the guard's to handle, when it asks again; the page's start may have asked already
    ensureUser(takeEarlyUser()).catch(() => undefined);
  }
  return null;
}

/**
 * /preview (entry spec §2): an organiser's link. The preview is loaded and remembered for the
 * check-in that follows; a partner token logs in; an SSO address is followed; logged-in users go
 * to their albums; everyone else sees the preview and is asked to sign up.
 */
export function Component() {
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const [preview, setPreview] = useState<PreviewResponse | null>(null);
  const [refused, setRefused] = useState<{ error: unknown } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void takePreview(query).then((result) => {
      if (result.kind === 'go') void navigate(result.to, { replace: true });
      else if (result.kind === 'leave') leaveSite.assign(result.url);
      else if (result.kind === 'refused') setRefused({ error: result.error });
      else setPreview(result.preview);
    });
  }, [query, navigate]);

  if (refused) return <PreviewRefused error={refused.error} />;
  return preview ? <PreviewScreen preview={preview} /> : <PageLoader />;
}

/**
 * A code refused (wrong, or too many wrong ones from here: how long to wait): said here, with the
 * way back to the home page's code field, instead of an error screen behind a login.
 */
function PreviewRefused({ error }: { error: unknown }) {
  const { t } = useTranslation();
  usePageTitle(t('checkin_error.title'));
  return (
    <section className="page page-narrow status-page">
      <h1>{t('checkin_error.title')}</h1>
      <p role="alert">{translateError(t, error)}</p>
      <div className="actions">
        <ButtonLink to={paths.home.getHref()}>{t('preview.try_again')}</ButtonLink>
        <ButtonLink to={paths.help.getHref()} variant="secondary">
          {t('checkin_error.help')}
        </ButtonLink>
      </div>
    </section>
  );
}

function PreviewScreen({ preview }: { preview: PreviewResponse }) {
  const { t } = useTranslation();
  usePageTitle(preview.event_name);
  // the code rides along in the link too (issue 17): sign-up or log-in opens this album even
  // where the remembered preview is gone (another tab, a social login's round trip)
  const next = paths.checkins.getHref({ picacode: preview.picacode ?? undefined });
  return (
    <section className="page container preview" aria-labelledby="preview-title">
      <header className="preview-header">
        <p className="eyebrow">{t(`experience.${preview.experience_type}`)}</p>
        <h1 id="preview-title">{preview.event_name}</h1>
        {preview.start_of_stay && (
          <p className="preview-stay">
            {t('preview.stay')} <DateRange start={preview.start_of_stay} end={preview.end_of_stay} />
          </p>
        )}
      </header>
      {preview.photos.length > 0 ? (
        <ul className="preview-photos" aria-label={t('preview.photos_label')}>
          {preview.photos.map((photo, i) => (
            <li key={photo.id}>
              <img
                src={photo.thumbnail_url}
                alt={t('preview.photo_alt', { n: i + 1, event: preview.event_name })}
                loading={i < FIRST_SCREEN_PHOTOS ? 'eager' : 'lazy'}
                fetchPriority={i < FIRST_SCREEN_PHOTOS ? 'high' : 'auto'}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="preview-none">{t('preview.no_photos')}</p>
      )}
      <div className="form-card preview-cta">
        <h2>{t('preview.cta_title')}</h2>
        <p>{t('preview.cta_text')}</p>
        <div className="actions">
          <ButtonLink to={paths.signup.getHref(next)} size="lg">
            {t('preview.signup')}
          </ButtonLink>
          <ButtonLink to={paths.login.getHref(next)} variant="secondary" size="lg">
            {t('preview.login')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
