import type { Media } from '@fotodrop/contract/api/media';
import { useEffect, useRef } from 'react';
import { type MetricInput, trackMetric } from '../../../shared/metrics';
import { useAlbumCart } from './album-cart';

/** The album as its metrics name it (a Checkin is one). */
type AlbumRef = { id: number; event: { id: number } };

/** A metric of this album (albums spec §9): its event and album ids go with every message. */
export function albumMetric(checkin: AlbumRef, input: MetricInput): void {
  trackMetric({ event_id: checkin.event.id, album_id: checkin.id, ...input });
}

/** A medium's metric: its id and type (p photo, v video) besides the album's. */
export function mediaMetric(
  checkin: AlbumRef,
  media: Pick<Media, 'id' | 'type'>,
  type: 'media_viewed' | 'media_opened' | 'media_downloaded',
): void {
  albumMetric(checkin, { type, media_id: media.id, media_type: media.type === 'video' ? 'v' : 'p' });
}

/**
 * The viewer's metrics (decision): "media opened" once when the viewer opens on a medium, "media
 * viewed" for every medium it shows, the first included (previous / next, swipes).
 */
export function useViewerMetrics(media: Pick<Media, 'id' | 'type'> | undefined): void {
  const checkin = useAlbumCart()?.checkin;
  // the medium last reported: a new render (or React's double effects in development) is no new view
  const shown = useRef<number | null>(null);
  const id = media?.id;
  const type = media?.type;
  useEffect(() => {
    if (!checkin || id === undefined || type === undefined || shown.current === id) return;
    if (shown.current === null) mediaMetric(checkin, { id, type }, 'media_opened');
    shown.current = id;
    mediaMetric(checkin, { id, type }, 'media_viewed');
  }, [checkin, id, type]);
}

/**
 * "Time in album": the seconds the album screen was visible, sent when the screen is left or the
 * page is hidden (the tab may be closing; the queue then leaves by beacon). Hidden time is not counted.
 */
export function useTimeInAlbum(checkin: AlbumRef): void {
  const { id, event } = checkin;
  const eventId = event.id;
  useEffect(() => {
    const album: AlbumRef = { id, event: { id: eventId } };
    let since: number | null = document.visibilityState === 'visible' ? Date.now() : null;
    const report = () => {
      if (since === null) return;
      const seconds = Math.round((Date.now() - since) / 1000);
      since = null;
      if (seconds > 0) albumMetric(album, { type: 'time_in_album', time_in_seconds: seconds });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') since ??= Date.now();
      else report();
    };
    // before the queue's own listener (registered at start-up) sends its beacon
    document.addEventListener('visibilitychange', onVisibility, { capture: true });
    return () => {
      document.removeEventListener('visibilitychange', onVisibility, { capture: true });
      report();
    };
  }, [id, eventId]);
}

/**
 * "Anonymized viewed" (decision): the album's screen was opened while its anonymous mode is on,
 * once per visit, so the organiser sees how many of those who hide their face still come back.
 */
export function useAnonymizedViewed(checkin: AlbumRef & { anonymization: { state: string } }): void {
  const on = checkin.anonymization.state === 'on';
  const { id } = checkin;
  const eventId = checkin.event.id;
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (!on || sent.current === id) return;
    sent.current = id;
    albumMetric({ id, event: { id: eventId } }, { type: 'anonymized_viewed' });
  }, [on, id, eventId]);
}
