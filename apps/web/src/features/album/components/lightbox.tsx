import type { Media } from '@fotodrop/contract/api/media';
import { LONG_TAP_MS } from '@fotodrop/contract/constants';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useAppStore } from '../../../shared/store/app-store';
import { Toast } from '../../../shared/ui/toast';
import { ShareDialog } from '../../sharing';
import { classifyGesture, withinTap } from '../lib/gestures';
import { formatDuration } from '../lib/video';
import { useAlbumCart } from './album-cart';
import { albumMetric, useViewerMetrics } from './album-metrics';
import { useCartFeedback } from './cart-feedback';
import { CartToggle } from './cart-toggle';
import { FavouriteButton } from './favourite-button';
import { LightboxDownload } from './lightbox-download';
import { ICONS, Icon } from './lightbox-icons';
import { LightboxVideo, startsOnVideoControls } from './lightbox-video';
import { mediaAlt } from './media-tile';
import { RemovePhotoDialog } from './remove-photo-dialog';

const FOCUSABLE = 'a[href], button:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

export interface LightboxProps {
  items: readonly Media[];
  index: number;
  total: number;
  /** Position of the first item in the whole list (numbered pages). */
  offset?: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** More media exist after the last one loaded: "next" on the last one asks for them. */
  hasMore?: boolean;
  onNeedMore?: () => void;
  /** Event name, for the share text. */
  title: string;
  /** false when the album disables sharing (share_mode 'd'). */
  canShare: boolean;
}

/**
 * The photo viewer: one photo large (preview_url), or a video (lightbox-video.tsx), with previous /
 * next, keyboard (← → Escape), swipe and tap / long tap (photo information), favourite, share,
 * remove, and the download of bought media. A modal dialog: the focus moves in and stays, the page
 * behind is inert, and the focus returns on close.
 */
export function Lightbox(props: LightboxProps) {
  if (typeof document === 'undefined') return null;
  return createPortal(<LightboxPanel {...props} />, document.body);
}

function LightboxPanel({
  items,
  index,
  total,
  offset = 0,
  onIndexChange,
  onClose,
  hasMore = false,
  onNeedMore,
  title,
  canShare,
}: LightboxProps) {
  const { t, language } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const captionId = useId();
  const [showInfo, setShowInfo] = useState(false);
  const [immersive, setImmersive] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [toast, setToast] = useState<{ text: string; id: number } | null>(null);
  const [waitingForMore, setWaitingForMore] = useState(false);
  const touch = useRef<{
    x: number;
    y: number;
    at: number;
    long: boolean;
    timer?: ReturnType<typeof setTimeout>;
  }>(null);

  const media = items[Math.min(index, items.length - 1)];
  useViewerMetrics(media);
  const album = useAlbumCart()?.checkin;
  const position = Math.min(index, items.length - 1);
  const atEnd = position >= items.length - 1;
  const canNext = !atEnd || hasMore;
  const canPrevious = position > 0;

  // the link names the album's owner: the viewer is theirs (an impersonating admin shares as them)
  const sharer = useAppStore((state) => state.user?.id ?? null);
  const say = useCallback((text: string) => setToast({ text, id: Date.now() }), []);
  const cartFeedback = useCartFeedback(say);
  // a modal over the viewer (remove photo, currency mismatch): the viewer is inert meanwhile
  const covered = confirming || sharing || cartFeedback.dialogOpen;

  const go = (step: 1 | -1) => {
    setShowInfo(false);
    if (step === -1) {
      if (canPrevious) onIndexChange(position - 1);
      return;
    }
    if (!atEnd) onIndexChange(position + 1);
    else if (hasMore && onNeedMore) {
      setWaitingForMore(true);
      onNeedMore();
    }
  };

  // "next" on the last photo loaded moves on once the next page is there
  useEffect(() => {
    if (waitingForMore && position < items.length - 1) {
      setWaitingForMore(false);
      onIndexChange(position + 1);
    }
  }, [waitingForMore, items.length, position, onIndexChange]);

  // the list shrank under the viewer (a photo removed): nothing left closes it
  useEffect(() => {
    if (items.length === 0) onClose();
  }, [items.length, onClose]);

  // modal: the app behind is inert while the viewer is open (again after a dialog over it closed)
  useLayoutEffect(() => {
    if (covered) return;
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    return () => app?.removeAttribute('inert');
  }, [covered]);

  // focus in on open, back to where it was on close
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    return () => previous?.focus();
  }, []);

  // a focused video leaves with its item and the focus would fall to the page, out of reach of
  // the viewer's keys: it comes back to the viewer
  const mediaId = items[Math.min(index, items.length - 1)]?.id;
  useEffect(() => {
    const node = panel.current;
    if (mediaId !== undefined && node && !covered && !node.contains(document.activeElement)) node.focus();
  }, [mediaId, covered]);

  // preload the neighbours, so previous / next show at once
  useEffect(() => {
    for (const neighbour of [items[position + 1], items[position - 1]]) {
      if (neighbour && typeof Image !== 'undefined') new Image().src = neighbour.preview_url;
    }
  }, [items, position]);

  if (!media) return null;

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    // keys of the remove dialog (portalled, but a React child) are not the viewer's
    if (!panel.current?.contains(event.target as Node)) return;
    setImmersive(false);
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'ArrowRight') {
      // also from a focused video, whose player would seek: the viewer's keys stay the same on
      // every item, and the player's seek bar still takes the mouse and touch
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'Tab') {
      const node = panel.current;
      const controls = node ? Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === node)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const onPointerDown = (event: ReactPointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    if (startsOnVideoControls(event)) return;
    const start = { x: event.clientX, y: event.clientY, at: Date.now(), long: false } as NonNullable<
      typeof touch.current
    >;
    start.timer = setTimeout(() => {
      start.long = true;
      setShowInfo(true);
    }, LONG_TAP_MS);
    touch.current = start;
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    const start = touch.current;
    if (start && !withinTap(event.clientX - start.x, event.clientY - start.y)) clearTimeout(start.timer);
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = touch.current;
    touch.current = null;
    if (!start) return;
    clearTimeout(start.timer);
    if (start.long) return;
    const gesture = classifyGesture(event.clientX - start.x, event.clientY - start.y, Date.now() - start.at);
    if (gesture === 'next') go(1);
    else if (gesture === 'previous') go(-1);
    else if (gesture === 'long-tap') setShowInfo(true);
    else if (gesture === 'tap' && event.pointerType === 'touch') setImmersive((v) => !v);
  };
  const onPointerCancel = () => {
    if (touch.current) clearTimeout(touch.current.timer);
    touch.current = null;
  };

  const shareUrl =
    sharer === null
      ? null
      : new URL(paths.shared.getHref(sharer, media.id, media.share_hash), window.location.origin).href;

  const alt = mediaAlt(t, language, media, offset + position + 1, Math.max(total, items.length));
  const takenAt = media.taken_at
    ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(media.taken_at),
      )
    : null;

  return (
    <div
      ref={panel}
      className={`lightbox${immersive ? ' is-immersive' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={t('album.lightbox.title')}
      aria-describedby={captionId}
      tabIndex={-1}
      inert={covered || undefined}
      onKeyDown={onKeyDown}
    >
      <div className="lightbox-bar">
        <span className="lightbox-position" aria-live="polite">
          {offset + position + 1} / {Math.max(total, items.length)}
        </span>
        <div className="lightbox-tools">
          <FavouriteButton
            media={media}
            className="lightbox-btn"
            onFailed={() => say(t('album.favourite.failed'))}
          />
          {canShare && shareUrl && (
            <button
              type="button"
              className="lightbox-btn"
              aria-label={t('album.share.button')}
              aria-haspopup="dialog"
              onClick={() => setSharing(true)}
            >
              <Icon d={ICONS.share} />
            </button>
          )}
          <button
            type="button"
            className="lightbox-btn"
            aria-label={t('album.lightbox.info')}
            aria-expanded={showInfo}
            onClick={() => setShowInfo((v) => !v)}
          >
            <Icon d={ICONS.info} />
          </button>
          <button
            type="button"
            className="lightbox-btn"
            aria-label={t('album.remove_photo.button')}
            onClick={() => setConfirming(true)}
          >
            <Icon d={ICONS.remove} />
          </button>
          <button type="button" className="lightbox-btn" aria-label={t('dialog.close')} onClick={onClose}>
            <Icon d={ICONS.close} />
          </button>
        </div>
      </div>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: touch gestures only; the buttons and keys do the same */}
      <div
        className="lightbox-stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onContextMenu={(event) => event.preventDefault()}
      >
        {media.type === 'video' ? (
          <LightboxVideo key={media.id} media={media} label={alt} />
        ) : (
          <img
            key={media.id}
            src={media.preview_url}
            alt={alt}
            width={media.width}
            height={media.height}
            draggable={false}
            style={{ backgroundImage: `url("${media.thumbnail_url}")` }}
            decoding="async"
          />
        )}
      </div>

      <button
        type="button"
        className="lightbox-nav lightbox-prev"
        aria-label={t('album.lightbox.previous')}
        disabled={!canPrevious}
        onClick={() => go(-1)}
      >
        <Icon d={ICONS.previous} />
      </button>
      <button
        type="button"
        className="lightbox-nav lightbox-next"
        aria-label={t('album.lightbox.next')}
        disabled={!canNext}
        aria-busy={waitingForMore || undefined}
        onClick={() => go(1)}
      >
        <Icon d={ICONS.next} />
      </button>

      <div className="lightbox-caption">
        <CartToggle key={media.id} media={media} onError={cartFeedback.onError} />
        <LightboxDownload media={media} />
        <p id={captionId}>
          {takenAt ? t('album.lightbox.taken_at', { date: takenAt }) : t('album.lightbox.no_date')}
        </p>
        {showInfo && (
          <dl className="lightbox-info">
            <div>
              <dt>{t('album.lightbox.info_size')}</dt>
              <dd>{t('album.lightbox.dimensions', { width: media.width, height: media.height })}</dd>
            </div>
            <div>
              <dt>{t('album.lightbox.info_quality')}</dt>
              <dd>{media.quality}</dd>
            </div>
            {media.duration_seconds !== null && (
              <div>
                <dt>{t('album.lightbox.info_length')}</dt>
                <dd>{formatDuration(media.duration_seconds)}</dd>
              </div>
            )}
          </dl>
        )}
      </div>

      <Toast key={toast?.id} message={toast?.text ?? null} onDone={() => setToast(null)} />
      {cartFeedback.dialog}
      {shareUrl && (
        <ShareDialog
          open={sharing}
          onClose={() => setSharing(false)}
          url={shareUrl}
          text={t('album.share.text', { event: title })}
          onShared={(shareType) => {
            if (album)
              albumMetric(album, {
                type: 'shared_link_created',
                media_id: media.id,
                media_type: media.type === 'video' ? 'v' : 'p',
                ...(shareType ? { share_type: shareType } : {}),
              });
          }}
          say={say}
        />
      )}
      <RemovePhotoDialog
        open={confirming}
        media={media}
        onClose={() => setConfirming(false)}
        onRemoved={() => {
          setConfirming(false);
          say(t('album.remove_photo.done'));
        }}
      />
    </div>
  );
}
