import type { OrganiserMetricsDay } from '@fotodrop/contract/api/organiser';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from '../../../shared/i18n/use-translation';

type Series = Exclude<keyof OrganiserMetricsDay, 'day'>;

/** One chart per question an organiser asks: seen, downloaded, shared, sold. */
const CHARTS: { title: string; series: { key: Series; color: string }[] }[] = [
  {
    title: 'organiser.metrics.chart_views',
    series: [
      { key: 'views', color: '#4338ca' },
      { key: 'opens', color: '#0e7490' },
    ],
  },
  { title: 'organiser.metrics.downloads', series: [{ key: 'downloads', color: '#15803d' }] },
  { title: 'organiser.metrics.shares', series: [{ key: 'shares', color: '#c2410c' }] },
  { title: 'organiser.metrics.sales', series: [{ key: 'sales', color: '#9d174d' }] },
];
const SERIES: Series[] = ['views', 'opens', 'downloads', 'shares', 'sales'];

/**
 * The event's days as totals, bar charts (recharts, this chunk only) and the same figures as a
 * table: the charts are pictures for the eye (hidden from assistive technology), the table is
 * what a screen reader reads.
 */
export default function MetricsCharts({ days }: { days: OrganiserMetricsDay[] }) {
  const { t, language } = useTranslation();
  const dayFormat = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const label = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
  const rows = days.map((d) => ({ ...d, label: label(d.day) }));
  const totals = Object.fromEntries(SERIES.map((s) => [s, days.reduce((n, d) => n + d[s], 0)])) as Record<
    Series,
    number
  >;
  const number = new Intl.NumberFormat(language);

  return (
    <div className="metrics-charts">
      <ul className="metrics-totals" aria-label={t('organiser.metrics.totals')}>
        {SERIES.map((s) => (
          <li key={s}>
            <strong>{number.format(totals[s])}</strong>
            {t(`organiser.metrics.${s}`)}
          </li>
        ))}
      </ul>
      {CHARTS.map((chart) => (
        <section key={chart.title} className="metrics-chart card">
          <h2>{t(chart.title)}</h2>
          <div className="metrics-chart-area" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={rows}
                accessibilityLayer={false}
                margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tickLine={false} minTickGap={12} />
                <YAxis allowDecimals={false} width={40} />
                <Tooltip />
                {chart.series.map((s) => (
                  <Bar key={s.key} dataKey={s.key} name={t(`organiser.metrics.${s.key}`)} fill={s.color} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
        </section>
      ))}
      <details className="metrics-details">
        <summary>{t('organiser.metrics.table_toggle')}</summary>
        <div className="metrics-table-wrap">
          <table className="metrics-table">
            <caption className="visually-hidden">{t('organiser.metrics.table_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('organiser.metrics.day')}</th>
                {SERIES.map((s) => (
                  <th key={s} scope="col">
                    {t(`organiser.metrics.${s}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.label}</th>
                  {SERIES.map((s) => (
                    <td key={s}>{number.format(d[s])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
