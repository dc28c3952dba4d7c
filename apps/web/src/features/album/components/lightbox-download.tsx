import type { Media } from '@fotodrop/contract/api/media';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAlbumCart } from './album-cart';
import { mediaMetric } from './album-metrics';
import { Icon } from './lightbox-icons';

const DOWNLOAD = 'M12 4v11M7 10l5 5 5-5M5 20h14';

/**
 * The viewer's download for bought media: a plain link to the signed original (the server answers
 * it as an attachment, so the browser saves it under the photo's own name). Bought media without a
 * link wait for HD (albums spec §4: HD download comes some time after the event): the viewer says
 * from when.
 */
export function LightboxDownload({ media }: { media: Media }) {
  const { t, language } = useTranslation();
  const checkin = useAlbumCart()?.checkin;
  if (media.download_url) {
    return (
      <a
        className="lightbox-download"
        href={media.download_url}
        download
        onClick={() => checkin && mediaMetric(checkin, media, 'media_downloaded')}
      >
        <Icon d={DOWNLOAD} />
        {media.type === 'video' ? t('album.download.video') : t('album.download.photo')}
      </a>
    );
  }
  if (!media.is_purchased) return null;
  const from = checkin?.hd_available_from ? new Date(checkin.hd_available_from) : null;
  const text =
    from && from.getTime() > Date.now()
      ? t('album.download.hd_from', {
          date: new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(from),
        })
      : t('album.download.hd_later');
  return <p className="lightbox-download-note">{text}</p>;
}
