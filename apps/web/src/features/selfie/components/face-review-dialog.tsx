import type { FaceReview } from '@fotodrop/contract/api/faces';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { queryClient } from '../../../shared/api/query-client';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { answerFaceReview, faceKeys } from '../api/selfie-api';

type Item = FaceReview['results'][number];

/**
 * "Is this you?": the possible matches of the search one by one, the face that matched framed.
 * Each answer is sent at once; closing (or the last answer) tells the album whether a "yes" added
 * photos, so it loads again only then.
 */
export function FaceReviewDialog({
  checkinId,
  items,
  onClose,
}: {
  checkinId: number;
  items: Item[];
  onClose: (addedPhotos: boolean) => void;
}) {
  const { t } = useTranslation();
  const added = useRef(false);
  const answer = useMutation({
    mutationFn: ({ mediaId, isMe }: { mediaId: number; isMe: boolean }) =>
      answerFaceReview(checkinId, mediaId, isMe),
    onSuccess: (rest, { isMe }) => {
      if (isMe) added.current = true;
      queryClient.setQueryData(faceKeys.review(checkinId), rest);
      if (rest.results.length === 0) onClose(added.current);
    },
  });
  const item = items[0];
  const close = () => onClose(added.current);
  if (!item) return null;
  return (
    <Dialog open onClose={close} title={t('selfie.review.title')}>
      <div className="face-review">
        <p>{t('selfie.review.text')}</p>
        <p className="face-review-count" aria-live="polite">
          {t('selfie.review.remaining', { count: items.length })}
        </p>
        <figure className="face-review-photo">
          <img src={item.thumbnail_url} alt={t('selfie.review.photo_alt')} />
          {item.face && (
            <span
              className="face-review-box"
              aria-hidden="true"
              style={{
                left: `${item.face.x * 100}%`,
                top: `${item.face.y * 100}%`,
                width: `${item.face.width * 100}%`,
                height: `${item.face.height * 100}%`,
              }}
            />
          )}
        </figure>
        {answer.isError && <Alert tone="error">{translateError(t, answer.error)}</Alert>}
        <div className="selfie-actions">
          <Button
            variant="secondary"
            disabled={answer.isPending}
            onClick={() => answer.mutate({ mediaId: item.media_id, isMe: false })}
          >
            {t('selfie.review.no')}
          </Button>
          <Button
            disabled={answer.isPending}
            onClick={() => answer.mutate({ mediaId: item.media_id, isMe: true })}
          >
            {t('selfie.review.yes')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
