import { create } from 'qrcode';
import { useMemo, useState } from 'react';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { shareOrCopy } from '../../../shared/utils/share-link';

/** The link a QR code of an album opens: the album list, which opens the code (entry spec §2). */
export function albumLink(code: string, origin = window.location.origin): string {
  return `${origin}${paths.checkins.getHref({ picacode: code })}`;
}

interface Qr {
  /** Modules per side, quiet zone included. */
  size: number;
  /** One SVG path drawing every dark module. */
  path: string;
}

const QUIET_ZONE = 2;

/**
 * Encodes `text` with the qrcode package into one SVG path. The package is bundled with the album
 * screen, not loaded when the dialog opens: a lazy import of this CommonJS package makes the bundler
 * move its runtime helpers out of the home page's chunk into one of their own (one more request).
 */
function makeQr(text: string): Qr {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path };
}

function svgMarkup({ size, path }: Qr): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}

/** "QR code": a QR code of the album link, made in the browser, with a download of the image. */
export function QrCodeDialog({
  open,
  onClose,
  code,
  eventName,
  onShared,
}: {
  open: boolean;
  onClose: () => void;
  code: string;
  eventName: string;
  /** The album's link went to a friend (share sheet or copied). */
  onShared: () => void;
}) {
  const { t } = useTranslation();
  const link = albumLink(code);
  const qr = useMemo(() => (open ? makeQr(link) : null), [open, link]);
  const [said, setSaid] = useState<string | null>(null);

  // "Share with a friend": the phone's share sheet, else the link copied to send by hand
  const share = async () => {
    setSaid(null);
    const text = t('album.qr.share_text', { event: eventName });
    const outcome = await shareOrCopy({ title: eventName, text, url: link });
    if (outcome === 'cancelled') return;
    if (outcome === 'failed') return setSaid(t('share.failed'));
    if (outcome === 'copied') setSaid(t('album.qr.copied'));
    onShared();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('album.qr.title')}
      actions={
        <>
          {qr && (
            <a
              className="btn btn-secondary"
              download={`album-${code}.svg`}
              href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgMarkup(qr))}`}
            >
              {t('album.qr.download')}
            </a>
          )}
          <Button variant="secondary" onClick={() => void share()}>
            {t('album.qr.share')}
          </Button>
          <Button onClick={onClose}>{t('dialog.close')}</Button>
        </>
      }
    >
      <div className="album-qr">
        {qr && (
          <svg
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            shapeRendering="crispEdges"
            role="img"
            aria-label={t('album.qr.image', { code })}
          >
            <rect width={qr.size} height={qr.size} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
        )}
      </div>
      <p>{t('album.qr.text')}</p>
      <p className="field-hint album-qr-link">{link}</p>
      <p role="status" className="field-hint">
        {said}
      </p>
    </Dialog>
  );
}
