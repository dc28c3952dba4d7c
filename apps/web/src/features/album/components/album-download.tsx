import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import type { AlbumZip } from '@fotodrop/contract/api/checkins';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryClient } from '../../../shared/api/query-client';
import { translateError } from '../../../shared/i18n/messages';
import './purchases.css';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { albumZipQuery, requestAlbumZip, zipInProgress, zipKey } from '../api/album-download';
import { useGalleryCounts } from '../hooks/use-album-scope';
import { tabCount } from '../lib/media-pages';
import { useFirstPhotosShown } from './first-photos';

/**
 * "Download album" (albums spec §2, §4): once something of the album is bought, a button that,
 * after a confirmation saying the link comes by e-mail, asks the server for a zip of everything
 * bought; then the zip's progress while it builds, and its link once it is ready. The server's
 * refusal (HD photos not yet available) is shown as it says it.
 */
export function AlbumDownload({ checkin }: { checkin: Checkin }) {
  const { t } = useTranslation();
  const shown = useFirstPhotosShown();
  const { counts } = useGalleryCounts(checkin.id, 0, { enabled: shown });
  const bought = counts ? tabCount(counts.tabs, 'bought') : 0;
  const zip = useQuery({ ...albumZipQuery(checkin.id), enabled: bought > 0 });
  const email = useAppStore((s) => s.user?.email);
  const [confirming, setConfirming] = useState(false);
  const start = useMutation({
    mutationFn: () => requestAlbumZip(checkin.id),
    onSettled: () => setConfirming(false),
    // the new zip's progress follows at once
    onSuccess: () => queryClient.invalidateQueries({ queryKey: zipKey(checkin.id) }),
  });

  if (bought === 0 && !zip.data) return null;
  const building = zipInProgress(zip.data);

  return (
    <section className="album-download" aria-labelledby="album-download-title">
      <div className="album-download-row">
        <div>
          <h3 id="album-download-title" className="album-download-title">
            {t('album.download_album.title')}
          </h3>
          <p className="album-download-text">{t('album.download_album.text')}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={building}
          loading={start.isPending}
          onClick={() => {
            start.reset();
            setConfirming(true);
          }}
        >
          {t('album.download_album.button')}
        </Button>
      </div>
      {/* until the zip's own state says more (ready or failed) */}
      {start.isSuccess && (building || !zip.data) && (
        <Alert tone="success">{t('album.download_album.started')}</Alert>
      )}
      {start.isError && <Alert tone="error">{translateError(t, start.error)}</Alert>}
      {zip.data && <ZipState zip={zip.data} />}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('album.download_album.confirm_title')}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={start.isPending} onClick={() => start.mutate()}>
              {t('album.download_album.confirm')}
            </Button>
          </>
        }
      >
        <p>
          {email
            ? t('album.download_album.confirm_text_email', { email })
            : t('album.download_album.confirm_text')}
        </p>
      </Dialog>
    </section>
  );
}

/** The latest zip: its progress while it builds, its link when ready, or that it failed. */
function ZipState({ zip }: { zip: AlbumZip }) {
  const { t, language } = useTranslation();
  if (zip.status === 'queued' || zip.status === 'building') {
    const label =
      zip.status === 'queued'
        ? t('album.download_album.queued')
        : t('album.download_album.building', { done: zip.done, total: zip.total });
    return (
      <div className="album-zip" role="status">
        <p>{label}</p>
        <progress
          max={Math.max(1, zip.total)}
          value={zip.status === 'queued' ? undefined : zip.done}
          aria-label={t('album.download_album.progress')}
        />
      </div>
    );
  }
  if (zip.status === 'failed') {
    return <Alert tone="error">{t('album.download_album.failed')}</Alert>;
  }
  // an expired link is no use: the button makes a new zip
  if (!zip.url || (zip.expires_at && new Date(zip.expires_at).getTime() <= Date.now())) return null;
  const expires = zip.expires_at
    ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(zip.expires_at),
      )
    : null;
  return (
    <div className="album-zip is-ready">
      <a className="btn btn-primary btn-sm" href={zip.url} download>
        {t('album.download_album.ready_link')}
      </a>
      {expires && <p>{t('album.download_album.expires', { date: expires })}</p>}
    </div>
  );
}
