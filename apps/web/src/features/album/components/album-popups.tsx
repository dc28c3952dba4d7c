import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { dismissFixed, markPopupViewed, shouldShowFixed, shouldShowWelcome } from '../store/popups';
import { albumMetric } from './album-metrics';

/**
 * The album's popups (check-in.popup): the welcome popup once per photo service (remembered in
 * localStorage), and the fixed one on every visit until dismissed in this session.
 */
export function AlbumPopups({ checkin }: { checkin: Checkin }) {
  const { t } = useTranslation();
  const viewed = useAppStore((s) => s.popupsViewed);
  const [fixedOpen, setFixedOpen] = useState(() => shouldShowFixed(checkin));
  const serviceId = checkin.pica_service_id;
  const { welcome, fixed } = checkin.popup;
  const welcomeOpen = shouldShowWelcome(checkin, viewed);
  const closeWelcome = () => markPopupViewed('welcome', serviceId);

  return (
    <>
      <Dialog
        open={welcomeOpen}
        onClose={closeWelcome}
        title={welcome.title || t('album.popups.welcome_title')}
        actions={<Button onClick={closeWelcome}>{t('album.popups.ok')}</Button>}
      >
        {welcome.text && <p className="popup-text">{welcome.text}</p>}
      </Dialog>
      {fixedOpen && !welcomeOpen && (
        <aside className="album-fixed-popup" aria-label={fixed.title || t('album.popups.fixed_title')}>
          <div>
            <p className="album-fixed-popup-title">{fixed.title || t('album.popups.fixed_title')}</p>
            {fixed.text && <p className="popup-text">{fixed.text}</p>}
          </div>
          <button
            type="button"
            className="icon-btn"
            aria-label={t('album.popups.dismiss')}
            onClick={() => {
              dismissFixed(serviceId);
              setFixedOpen(false);
            }}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </aside>
      )}
    </>
  );
}

/** The album's banner (check-in.banner): an image, linked when it has a link, at the top or bottom. */
export function AlbumBanner({ checkin }: { checkin: Checkin }) {
  const { t } = useTranslation();
  const { banner } = checkin;
  const bannerId = banner?.id;
  const albumId = checkin.id;
  const eventId = checkin.event.id;
  useEffect(() => {
    if (bannerId !== undefined)
      albumMetric({ id: albumId, event: { id: eventId } }, { type: 'banner_viewed', banner_id: bannerId });
  }, [bannerId, albumId, eventId]);
  if (!banner) return null;
  const alt = t('album.banner.alt', { name: checkin.pica_service?.name ?? checkin.event_name });
  const image = <img src={banner.image_url} alt={alt} loading="lazy" decoding="async" />;
  return (
    <div className={`album-banner album-banner-${banner.position}`}>
      {banner.link_url ? (
        <a
          href={banner.link_url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => albumMetric(checkin, { type: 'banner_clicked', banner_id: banner.id })}
        >
          {image} <span className="visually-hidden">{t('common.opens_new_tab')}</span>
        </a>
      ) : (
        image
      )}
    </div>
  );
}

/** "New photos": shown when a check found new media; the button loads them. */
export function NewMediaNotice({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <aside className="new-media-notice" aria-label={t('album.new_media.title')}>
      <p role="status">{t('album.new_media.text')}</p>
      <div className="actions">
        <Button size="sm" onClick={onReload}>
          {t('album.new_media.show')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          {t('album.new_media.later')}
        </Button>
      </div>
    </aside>
  );
}
