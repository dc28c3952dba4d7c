import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { formatBytes, queueStateText } from '../lib/upload-messages';
import type { UploadItem, UploadQueue } from '../lib/upload-queue';

const TONE: Record<UploadItem['state']['kind'], string> = {
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

function QueueRow({ item, queue }: { item: UploadItem; queue: UploadQueue }) {
  const { t, language } = useTranslation();
  const { state, file } = item;
  const percent = percentOf(item);
  const cancellable = state.kind === 'queued' || state.kind === 'uploading';
  const retryable = state.kind === 'failed' || state.kind === 'cancelled';

  return (
    <li className={`queue-row queue-${TONE[state.kind]}`}>
      <div className="queue-file">
        <span className="queue-name">{file.name}</span>
        <span className="queue-size">{formatBytes(file.size, language)}</span>
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
}

/** One row per chosen file: its progress, what became of it, and cancel or retry. */
export function UploadQueueList({ items, queue }: { items: readonly UploadItem[]; queue: UploadQueue }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const done = items.filter((i) => i.state.kind === 'ready' || i.state.kind === 'duplicate').length;
  const clearable = items.some((i) => ['ready', 'duplicate', 'rejected', 'cancelled'].includes(i.state.kind));

  return (
    <section className="upload-queue" aria-labelledby="upload-queue-title">
      <div className="section-head">
        <h2 id="upload-queue-title">{t('organiser.queue.title')}</h2>
        {clearable && (
          <Button variant="secondary" size="sm" onClick={() => queue.clearSettled()}>
            {t('organiser.queue.clear')}
          </Button>
        )}
      </div>
      <p className="queue-summary" role="status">
        {t('organiser.queue.summary', { done, total: items.length })}
      </p>
      <ul className="queue-list">
        {items.map((item) => (
          <QueueRow key={item.key} item={item} queue={queue} />
        ))}
      </ul>
    </section>
  );
}
