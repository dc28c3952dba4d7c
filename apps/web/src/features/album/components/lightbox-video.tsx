import './video.css';
import type { Media } from '@fotodrop/contract/api/media';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { formatDuration, spokenDuration } from '../lib/video';
import { ICONS, Icon } from './lightbox-icons';

/**
 * Height of the bar at the bottom of a <video> where the browser draws its controls. A touch that
 * starts there seeks or changes the volume: it is not a swipe to the next item.
 */
const CONTROLS_BAR_PX = 64;

export function startsOnVideoControls(event: ReactPointerEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLVideoElement)) return false;
  return event.clientY >= target.getBoundingClientRect().bottom - CONTROLS_BAR_PX;
}

/**
 * A video in the viewer. With a `video_url` (the user may play it) the browser's player, poster
 * first and only the metadata loaded until it is played; it pauses when the viewer moves on or
 * closes (the parent keys it by media id, so each item is its own element). Without one, the
 * watermarked poster and what unlocks the video (albums spec §4: photos-and-videos or videos).
 */
export function LightboxVideo({ media, label }: { media: Media; label: string }) {
  const { t, language } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const node = video.current;
    // a removed element stops by itself only once the browser gets round to it; say it at once
    return () => node?.pause();
  }, []);

  const length = media.duration_seconds;
  if (media.video_url && !failed) {
    return (
      <div className="lightbox-video">
        {/* biome-ignore lint/a11y/useMediaCaption: event clips come without captions; they have no speech to transcribe */}
        <video
          ref={video}
          src={media.video_url}
          poster={media.preview_url}
          width={media.width}
          height={media.height}
          controls
          playsInline
          preload="metadata"
          aria-label={label}
          onError={() => setFailed(true)}
        />
      </div>
    );
  }
  return (
    <div className="lightbox-video is-locked">
      <img
        src={media.preview_url}
        alt={label}
        width={media.width}
        height={media.height}
        draggable={false}
        style={{ backgroundImage: `url("${media.thumbnail_url}")` }}
        decoding="async"
      />
      <div className="lightbox-video-lock" role="note">
        <Icon d={ICONS.lock} size={28} />
        <p>{failed ? t('album.video.failed') : t('album.video.locked')}</p>
        {length !== null && (
          <p className="lightbox-video-length">
            <span aria-hidden="true">{formatDuration(length)}</span>
            <span className="visually-hidden">
              {t('album.video.length', { duration: spokenDuration(length, language) })}
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
