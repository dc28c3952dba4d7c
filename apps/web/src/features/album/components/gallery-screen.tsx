import './album-media.css';
import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageLoader } from '../../../shared/ui/spinner';
import { useGalleryTree } from '../hooks/use-album-scope';
import { AlbumCartProvider } from './album-cart';
import { GalleryBrowser } from './gallery-browser';

/** One gallery of an album (gallery tree view): its name, a way back, its tabs, sub-galleries and photos. */
export function GalleryScreen({ checkin, galleryId }: { checkin: Checkin; galleryId: number }) {
  const { t } = useTranslation();
  const query = useGalleryTree(checkin.id, galleryId);
  const tree = query.data ?? null;
  usePageTitle(tree ? `${tree.name} · ${checkin.event_name}` : checkin.event_name);
  const back = (
    <Link className="gallery-back" to={paths.checkin.getHref(checkin.picacode)}>
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {t('album.gallery.back', { name: checkin.event_name })}
    </Link>
  );

  if (query.isError && !tree) {
    return (
      <div className="page container album gallery-screen">
        {back}
        <section className="status-page">
          <h1>{t('album.gallery.not_found_title')}</h1>
          <p>{t('album.gallery.not_found_text')}</p>
        </section>
      </div>
    );
  }
  return (
    <div className="page container album gallery-screen">
      {back}
      {!tree ? (
        <PageLoader />
      ) : (
        <>
          <header className="gallery-head">
            <h1>{tree.name}</h1>
          </header>
          <section className="album-media" aria-labelledby="gallery-media-title">
            <h2 id="gallery-media-title" className="visually-hidden">
              {t('album.media.title')}
            </h2>
            <AlbumCartProvider checkin={checkin} galleryId={galleryId}>
              <GalleryBrowser checkin={checkin} galleryId={galleryId} tabs={['mine', 'favourites']} />
            </AlbumCartProvider>
          </section>
        </>
      )}
    </div>
  );
}
