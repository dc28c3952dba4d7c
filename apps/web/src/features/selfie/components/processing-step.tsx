import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { FACE_STATUS_POLL_MS, faceStatusQuery } from '../api/selfie-api';
import { StepHeading } from './step-heading';

/**
 * While the search runs: the status is asked every 2 s until it completed (then the album takes
 * over) or failed. The user may go on to the album at once; matching goes on without them.
 */
export function ProcessingStep({
  checkinId,
  onFinished,
  onRetry,
}: {
  checkinId: number;
  onFinished: (matched: number) => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const status = useQuery({
    ...faceStatusQuery(checkinId),
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 'completed' || s === 'failed' ? false : FACE_STATUS_POLL_MS;
    },
  });
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const data = status.data;
  useEffect(() => {
    if (data?.status === 'completed') finished.current(data.matched_count ?? 0);
  }, [data]);

  const failed = data?.status === 'failed' || status.isError;
  return (
    <div className="selfie-step selfie-processing">
      <StepHeading>{t('selfie.processing.title')}</StepHeading>
      {failed ? (
        <>
          <Alert tone="error">{t('selfie.errors.search_failed')}</Alert>
          <Button onClick={onRetry}>{t('selfie.processing.retry')}</Button>
        </>
      ) : (
        <div className="selfie-processing-body" role="status">
          <Spinner size="lg" />
          <p>{t('selfie.processing.text')}</p>
        </div>
      )}
      <Button variant="secondary" onClick={() => onFinished(data?.matched_count ?? 0)}>
        {t('selfie.processing.to_album')}
      </Button>
    </div>
  );
}
