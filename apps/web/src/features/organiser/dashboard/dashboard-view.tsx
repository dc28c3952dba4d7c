import type { DashboardDay, EventDashboard } from '@fotodrop/contract/api/organiser-dashboard';
import { formatMoney } from '@fotodrop/contract/rules/currency';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PageLoader } from '../../../shared/ui/spinner';

// the charting library is a chunk of its own, loaded by the dashboards only
const DashboardCharts = lazy(() => import('./dashboard-charts'));

/** What both dashboards show (the event's, the organisation's): the figures without the header. */
export type DashboardFigures = Omit<EventDashboard, 'event'>;

const DAY_SERIES = ['checkins', 'selfies', 'views', 'downloads', 'shares', 'orders', 'revenue'] as const;

/**
 * A dashboard's figures: totals as tiles, the days as charts (lazily loaded) and as a table, the
 * funnel, how participants found their photos and the campaign tags they came by.
 */
export function DashboardView({ data, children }: { data: DashboardFigures; children?: ReactNode }) {
  const { t, language } = useTranslation();
  const number = new Intl.NumberFormat(language);
  const money = (minor: number) => formatMoney(minor, data.currency, language);
  const tiles: [string, string][] = [
    ['checkins', number.format(data.checkins)],
    ['selfies', number.format(data.selfies)],
    ['matched_media', number.format(data.matched_media)],
    ['views', number.format(data.views)],
    ['downloads', number.format(data.downloads)],
    ['shares', number.format(data.shares)],
    ['orders', number.format(data.orders)],
    ['revenue', money(data.revenue)],
    ['average_order_value', money(data.average_order_value)],
  ];
  const others = data.currencies.filter((c) => c.currency !== data.currency);

  return (
    <div className="dashboard">
      {data.pending > 0 && (
        <p className="dashboard-note" role="status">
          {t('organiser.dashboard.pending', { count: data.pending })}
        </p>
      )}
      <ul className="dashboard-tiles" aria-label={t('organiser.dashboard.totals')}>
        {tiles.map(([key, value]) => (
          <li key={key}>
            <strong>{value}</strong>
            {t(`organiser.dashboard.figures.${key}`)}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <p className="dashboard-note">
          {t('organiser.dashboard.other_currencies', {
            list: others
              .map((c) => `${formatMoney(c.revenue, c.currency, language)} (${number.format(c.orders)})`)
              .join(', '),
          })}
        </p>
      )}
      <Suspense fallback={<PageLoader />}>
        <DashboardCharts days={data.days} currency={data.currency} />
      </Suspense>
      <div className="dashboard-pair">
        <Funnel funnel={data.funnel} />
        <Sources sources={data.sources} />
      </div>
      {children}
      <UtmTable rows={data.utm} />
      <DayTable days={data.days} money={money} />
    </div>
  );
}

/** A list of labelled bars (width by share of the largest), readable as text. */
function BarList({ items }: { items: { key: string; label: string; value: number; note?: string }[] }) {
  const { language } = useTranslation();
  const number = new Intl.NumberFormat(language);
  const top = Math.max(1, ...items.map((i) => i.value));
  return (
    <ol className="dashboard-bars">
      {items.map((item) => (
        <li key={item.key}>
          <span className="dashboard-bar-label">
            {item.label}
            <strong>
              {number.format(item.value)}
              {item.note && <span className="dashboard-bar-note"> {item.note}</span>}
            </strong>
          </span>
          <span className="dashboard-bar" aria-hidden="true">
            <span style={{ width: `${(100 * item.value) / top}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}

function Funnel({ funnel }: { funnel: DashboardFigures['funnel'] }) {
  const { t, language } = useTranslation();
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  const of = (n: number) =>
    funnel.checked_in > 0 ? `(${percent.format(n / funnel.checked_in)})` : undefined;
  return (
    <section className="card dashboard-card" aria-labelledby="dashboard-funnel">
      <h2 id="dashboard-funnel">{t('organiser.dashboard.funnel')}</h2>
      <p className="dashboard-hint">{t('organiser.dashboard.funnel_hint')}</p>
      <BarList
        items={(['checked_in', 'cart', 'paid'] as const).map((k) => ({
          key: k,
          label: t(`organiser.dashboard.funnel_steps.${k}`),
          value: funnel[k],
          ...(k === 'checked_in' ? {} : { note: of(funnel[k]) }),
        }))}
      />
    </section>
  );
}

function Sources({ sources }: { sources: DashboardFigures['sources'] }) {
  const { t } = useTranslation();
  return (
    <section className="card dashboard-card" aria-labelledby="dashboard-sources">
      <h2 id="dashboard-sources">{t('organiser.dashboard.sources')}</h2>
      <p className="dashboard-hint">{t('organiser.dashboard.sources_hint')}</p>
      <BarList
        items={(['album_code', 'selfie', 'bib', 'shared_link'] as const).map((k) => ({
          key: k,
          label: t(`organiser.dashboard.source_names.${k}`),
          value: sources[k],
        }))}
      />
    </section>
  );
}

function UtmTable({ rows }: { rows: DashboardFigures['utm'] }) {
  const { t, language } = useTranslation();
  const number = new Intl.NumberFormat(language);
  return (
    <section className="card dashboard-card" aria-labelledby="dashboard-utm">
      <h2 id="dashboard-utm">{t('organiser.dashboard.utm')}</h2>
      {rows.length === 0 ? (
        <p className="dashboard-hint">{t('organiser.dashboard.utm_none')}</p>
      ) : (
        <div className="dashboard-table-wrap">
          <table className="dashboard-table">
            <thead>
              <tr>
                <th scope="col">{t('organiser.dashboard.utm_source')}</th>
                <th scope="col">{t('organiser.dashboard.utm_medium')}</th>
                <th scope="col">{t('organiser.dashboard.utm_campaign')}</th>
                <th scope="col">{t('organiser.dashboard.utm_visitors')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.source}\t${r.medium}\t${r.campaign}`}>
                  <td>{r.source || '–'}</td>
                  <td>{r.medium || '–'}</td>
                  <td>{r.campaign || '–'}</td>
                  <td>{number.format(r.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The days' figures as a table: the charts' text alternative, behind a toggle. */
function DayTable({ days, money }: { days: DashboardDay[]; money: (minor: number) => string }) {
  const { t, language } = useTranslation();
  const number = new Intl.NumberFormat(language);
  const dayFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  return (
    <details className="dashboard-days">
      <summary>{t('organiser.dashboard.table_toggle')}</summary>
      <div className="dashboard-table-wrap">
        <table className="dashboard-table">
          <caption className="visually-hidden">{t('organiser.dashboard.table_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('organiser.dashboard.day')}</th>
              {DAY_SERIES.map((s) => (
                <th key={s} scope="col">
                  {t(`organiser.dashboard.figures.${s}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <th scope="row">{dayFormat.format(new Date(`${d.date}T00:00:00Z`))}</th>
                {DAY_SERIES.map((s) => (
                  <td key={s}>{s === 'revenue' ? money(d.revenue) : number.format(d[s])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
