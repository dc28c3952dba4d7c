import '../selfie.css';
import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { FACE_STATUS_POLL_MS, faceReviewQuery, faceStatusQuery } from '../api/selfie-api';
import { FaceReviewDialog } from './face-review-dialog';

export interface FaceSearchPanelProps {
  checkin: Checkin;
  /** Opens the selfie flow: a new selfie, or one of another person. */
  onSelfie: (mode: 'again' | 'another') => void;
  /** The search ended or a "yes" added photos: the album loads again. */
  onAlbumChanged: () => void;
}

const running = (status: string | undefined) => status === 'pending' || status === 'processing';

/**
 * The face search on the album screen of a face-search event: the selfie actions, the search
 * while it runs (asked every 2 s; when it ends the album loads again), and the "Is this you?"
 * banner when possible matches wait for an answer.
 */
export default function FaceSearchPanel({ checkin, onSelfie, onAlbumChanged }: FaceSearchPanelProps) {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState(false);
  const status = useQuery({
    ...faceStatusQuery(checkin.id),
    refetchInterval: (q) =>
      running(q.state.data?.status ?? checkin.face_inference_status) ? FACE_STATUS_POLL_MS : false,
  });
  const current = status.data?.status ?? checkin.face_inference_status;
  const review = useQuery({ ...faceReviewQuery(checkin.id), enabled: current === 'completed' });

  const changed = useRef(onAlbumChanged);
  changed.current = onAlbumChanged;
  const wasRunning = useRef(running(checkin.face_inference_status));
  useEffect(() => {
    if (wasRunning.current && current === 'completed') changed.current();
    wasRunning.current = running(current);
  }, [current]);

  const items = review.data?.results ?? [];
  // "No photos found" offers the new selfie itself, in the album's status panel
  const noneFound =
    current !== 'not_started' && !running(current) && (checkin.photos_summary?.total ?? 0) === 0;
  return (
    <section className="face-search-panel" aria-label={t('selfie.panel.label')}>
      {running(current) && (
        <div className="face-search-running" role="status">
          <Spinner size="sm" />
          <span>{t('selfie.panel.running')}</span>
        </div>
      )}
      {items.length > 0 && (
        <div className="face-review-banner">
          <span>{t('selfie.review.banner', { count: items.length })}</span>
          <Button size="sm" onClick={() => setReviewing(true)}>
            {t('selfie.review.open')}
          </Button>
        </div>
      )}
      <div className="face-search-actions">
        {!noneFound && (
          <Button variant="secondary" size="sm" onClick={() => onSelfie('again')}>
            {t('selfie.panel.again')}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={() => onSelfie('another')}>
          {t('selfie.panel.another')}
        </Button>
      </div>
      {reviewing && (
        <FaceReviewDialog
          checkinId={checkin.id}
          items={items}
          onClose={(added) => {
            setReviewing(false);
            if (added) onAlbumChanged();
          }}
        />
      )}
    </section>
  );
}
