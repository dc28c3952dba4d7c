import type { EventProgress } from '@fotodrop/contract/api/organiser-progress';
import { progressPending } from '@fotodrop/contract/api/organiser-progress';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { eventProgressQuery } from '../api/events-api';
import { reasonText } from '../lib/upload-messages';

type Phase = 'empty' | 'working' | 'done';

const phaseOf = (p: EventProgress): Phase =>
  p.media.total === 0 ? 'empty' : progressPending(p) ? 'working' : 'done';

/** One labelled bar: `value` of `max` done, `failed` of them shown apart in the danger colour. */
function Bar({
  label,
  value,
  failed = 0,
  max,
  children,
}: {
  label: string;
  value: number;
  failed?: number;
  max: number;
  children?: ReactNode;
}) {
  const { t, language } = useTranslation();
  const id = useId();
  const number = new Intl.NumberFormat(language);
  const share = (n: number) => (max > 0 ? `${(n / max) * 100}%` : '0%');
  const text = t('organiser.progress.of', { done: number.format(value), total: number.format(max) });
  return (
    <div className="progress-row">
      <div className="progress-head">
        <span id={id} className="progress-label">
          {label}
        </span>
        <span className="progress-value">{text}</span>
      </div>
      <div
        className="progress-bar"
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={text}
      >
        <span className="progress-done" style={{ width: share(value - failed) }} />
        <span className="progress-failed" style={{ width: share(failed) }} />
      </div>
      {children}
    </div>
  );
}

function Counts({ items }: { items: [label: string, n: number][] }) {
  const { language } = useTranslation();
  const number = new Intl.NumberFormat(language);
  return (
    <dl className="progress-counts">
      {items.map(([label, n]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{number.format(n)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The event's processing, face indexing and bib reading, live: asked every few seconds while
 * anything is pending, rarely once all is done. Screen readers hear only the phase changing
 * (working → done), never each new number.
 */
export function EventProgressPanel({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const progress = useQuery(eventProgressQuery(slug));
  const p = progress.data;
  const phase = p ? phaseOf(p) : null;

  return (
    <section className="card console-card" aria-labelledby="overview-progress">
      <h2 id="overview-progress">{t('organiser.progress.title')}</h2>
      <p className="progress-summary" aria-live="polite">
        {phase && t(`organiser.progress.phase.${phase}`)}
      </p>
      {progress.isError && !p && <Alert tone="error">{translateError(t, progress.error)}</Alert>}
      {p && p.media.total > 0 && (
        <>
          <Bar
            label={t('organiser.progress.media')}
            value={p.media.ready + p.media.failed}
            failed={p.media.failed}
            max={p.media.total}
          >
            <Counts
              items={[
                [t('organiser.progress.waiting'), p.media.waiting],
                [t('organiser.progress.processing'), p.media.processing],
                [t('organiser.progress.ready'), p.media.ready],
                [t('organiser.progress.failed'), p.media.failed],
              ]}
            />
          </Bar>
          {p.faces.enabled ? (
            <Bar
              label={t('organiser.progress.faces')}
              value={p.faces.indexed + p.faces.failed}
              failed={p.faces.failed}
              max={p.faces.media}
            >
              <Counts
                items={[
                  [t('organiser.progress.waiting'), p.faces.waiting],
                  [t('organiser.progress.failed'), p.faces.failed],
                  [t('organiser.progress.faces_found'), p.faces.faces],
                ]}
              />
            </Bar>
          ) : (
            <p className="progress-note">{t('organiser.progress.faces_off')}</p>
          )}
          {p.bibs?.enabled && (
            <Bar
              label={t('organiser.progress.bibs')}
              value={p.bibs.read + p.bibs.failed}
              failed={p.bibs.failed}
              max={p.bibs.media}
            >
              <Counts
                items={[
                  [t('organiser.progress.waiting'), p.bibs.waiting],
                  [t('organiser.progress.failed'), p.bibs.failed],
                  [t('organiser.progress.with_bib'), p.bibs.with_bib],
                ]}
              />
            </Bar>
          )}
          {p.media.latest_failures.length > 0 && (
            <div className="progress-failures">
              <h3>{t('organiser.progress.latest_failures')}</h3>
              <ul className="console-list">
                {p.media.latest_failures.map((f) => (
                  <li key={f.id}>
                    <span className="progress-file">
                      {f.original_filename ?? t('organiser.progress.no_file_name')}
                    </span>{' '}
                    <span className="progress-reason">{reasonText(t, f.reason)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
