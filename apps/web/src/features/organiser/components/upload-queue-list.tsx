import { memo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { summarise } from '../lib/queue-summary';
import { formatBytes, queueStateText } from '../lib/upload-messages';
import type { QueueView, UploadItem, UploadQueue } from '../lib/upload-queue';

/** Refused, failed or cancelled files listed at first; more on request. */
const PROBLEMS_SHOWN = 100;

const TONE: Record<UploadItem['state']['kind'], string> = {
  checking: 'muted',
  held: 'success',
  queued: 'muted',
  uploading: 'active',
  processing: 'active',
  ready: 'success',
  duplicate: 'success',
  rejected: 'error',
  failed: 'error',
  cancelled: 'muted',
};

function percentOf(item: UploadItem): number {
  const { state } = item;
  if (state.kind === 'uploading') return state.total > 0 ? Math.floor((state.loaded / state.total) * 100) : 0;
  if (state.kind === 'processing' || state.kind === 'ready' || state.kind === 'duplicate') return 100;
  return 0;
}

/** Drawn again only when its own row changes (a row's object is replaced on each change of it). */
const QueueRow = memo(function QueueRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const { t, language } = useTranslation();
  const { state, file } = item;
  const percent = percentOf(item);
  const cancellable = state.kind === 'queued' || state.kind === 'uploading';
  const retryable = state.kind === 'failed' || state.kind === 'cancelled';

  return (
    <li className={`queue-row queue-${TONE[state.kind]}`}>
      <div className="queue-file">
        <span className="queue-name">{file.name}</span>
        {item.size !== null && <span className="queue-size">{formatBytes(item.size, language)}</span>}
      </div>
      <div
        className="queue-bar"
        role="progressbar"
        aria-label={t('organiser.queue.progress_of', { name: file.name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="queue-state">{queueStateText(t, state)}</p>
      {/* one slot for the row's action: Cancel turns into Retry in place, so focus stays on it */}
      {(cancellable || retryable) && (
        <Button
          variant="ghost"
          size="sm"
          className="queue-action"
          aria-label={
            cancellable
              ? t('organiser.queue.cancel_file', { name: file.name })
              : t('organiser.queue.retry_file', { name: file.name })
          }
          onClick={() => (cancellable ? queue.cancel(item.key) : queue.retry(item.key))}
        >
          {cancellable ? t('common.cancel') : t('organiser.queue.retry')}
        </Button>
      )}
    </li>
  );
});

/**
 * The queue of thousands of files: totals and one progress bar for the batch, its controls, and a
 * line only for the files in flight, those needing the organiser and the last few finished.
 */
export function UploadQueueList({ view, queue }: { view: QueueView; queue: UploadQueue }) {
  const { t, language } = useTranslation();
  const [problemLimit, setProblemLimit] = useState(PROBLEMS_SHOWN);
  const { items, checking, paused } = view;
  if (items.length === 0) return null;
  const { counts, toSend, bytes, rows, moreProblems } = summarise(items, problemLimit);
  const done = counts.ready + counts.duplicate + counts.processing;
  const active = counts.uploading + counts.queued + counts.checking > 0;
  const clearable = counts.ready + counts.duplicate + counts.rejected + counts.cancelled + counts.held > 0;
  const percent = bytes.total > 0 ? Math.floor((bytes.sent / bytes.total) * 100) : 0;
  const number = new Intl.NumberFormat(language);

  return (
    <section className="upload-queue" aria-labelledby="upload-queue-title">
      <div className="section-head">
        <h2 id="upload-queue-title">{t('organiser.queue.title')}</h2>
        <div className="queue-controls">
          {active &&
            (paused ? (
              <Button size="sm" onClick={() => queue.resumeAll()}>
                {t('organiser.queue.resume_all')}
              </Button>
            ) : (
              <Button variant="secondary" size="sm" onClick={() => queue.pauseAll()}>
                {t('organiser.queue.pause_all')}
              </Button>
            ))}
          {counts.failed > 0 && (
            <Button variant="secondary" size="sm" onClick={() => queue.retryFailed()}>
              {t('organiser.queue.retry_failed', { count: counts.failed })}
            </Button>
          )}
          {active && (
            <Button variant="ghost" size="sm" onClick={() => queue.abortAll()}>
              {t('organiser.queue.cancel_all')}
            </Button>
          )}
          {clearable && (
            <Button variant="secondary" size="sm" onClick={() => queue.clearSettled()}>
              {t('organiser.queue.clear')}
            </Button>
          )}
        </div>
      </div>
      <div
        className="queue-bar queue-total"
        role="progressbar"
        aria-label={t('organiser.queue.total_progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% (${formatBytes(bytes.sent, language)} / ${formatBytes(bytes.total, language)})`}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="queue-summary" role="status">
        <p>
          {t('organiser.queue.summary', { done: number.format(done), total: number.format(toSend) })}
          {paused && ` · ${t('organiser.queue.paused')}`}
        </p>
        {checking.total > 0 && (
          <p>
            {t('organiser.queue.checking', {
              done: number.format(checking.done),
              total: number.format(checking.total),
            })}
          </p>
        )}
        {counts.held > 0 && <p>{t('organiser.queue.skipped', { count: counts.held })}</p>}
        <p className="queue-counts">
          {[
            counts.uploading > 0 && t('organiser.queue.count_sending', { count: counts.uploading }),
            counts.queued > 0 && t('organiser.queue.count_waiting', { count: counts.queued }),
            counts.duplicate > 0 && t('organiser.queue.count_duplicate', { count: counts.duplicate }),
            counts.rejected > 0 && t('organiser.queue.count_rejected', { count: counts.rejected }),
            counts.failed > 0 && t('organiser.queue.count_failed', { count: counts.failed }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <ul className="queue-list">
        {rows.map((item) => (
          <QueueRow key={item.key} item={item} queue={queue} />
        ))}
      </ul>
      {moreProblems > 0 && (
        <div className="actions">
          <Button variant="secondary" size="sm" onClick={() => setProblemLimit((n) => n + PROBLEMS_SHOWN)}>
            {t('organiser.queue.show_more_problems', { count: moreProblems })}
          </Button>
        </div>
      )}
    </section>
  );
}
