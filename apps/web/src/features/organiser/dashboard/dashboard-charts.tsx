import type { DashboardDay } from '@fotodrop/contract/api/organiser-dashboard';
import { currencyFractionDigits, formatMoney, minorToDecimalString } from '@fotodrop/contract/rules/currency';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslation } from '../../../shared/i18n/use-translation';

type Series = Exclude<keyof DashboardDay, 'date'>;

const COLOURS: Record<Series, string> = {
  orders: '#4338ca',
  revenue: '#9d174d',
  checkins: '#0e7490',
  selfies: '#c2410c',
  views: '#4338ca',
  downloads: '#15803d',
  shares: '#c2410c',
};

/**
 * The dashboard's days as charts (recharts, loaded with this chunk only): orders and revenue,
 * check-ins and selfies, views, downloads and shares. The charts are pictures for the eye, hidden
 * from assistive technology: the page's day table carries the same figures.
 */
export default function DashboardCharts({ days, currency }: { days: DashboardDay[]; currency: string }) {
  const { t, language } = useTranslation();
  const dayFormat = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const rows = days.map((d) => ({
    ...d,
    label: dayFormat.format(new Date(`${d.date}T00:00:00Z`)),
    // the revenue axis in major units (12.50), the tooltip as money
    revenueMajor: Number(minorToDecimalString(d.revenue, currency)),
  }));
  const name = (s: Series) => t(`organiser.dashboard.figures.${s}`);
  const axis = { tickLine: false, minTickGap: 12 } as const;
  const grid = <CartesianGrid strokeDasharray="3 3" vertical={false} />;
  const margin = { top: 8, right: 8, left: 0, bottom: 0 };

  return (
    <div className="dashboard-charts">
      <ChartCard title={t('organiser.dashboard.chart_sales')}>
        <ComposedChart data={rows} accessibilityLayer={false} margin={margin}>
          {grid}
          <XAxis dataKey="label" {...axis} />
          <YAxis yAxisId="orders" allowDecimals={false} width={36} />
          <YAxis yAxisId="revenue" orientation="right" width={56} />
          <Tooltip
            formatter={(value, key) =>
              key === name('revenue')
                ? formatMoney(
                    Math.round(Number(value) * 10 ** currencyFractionDigits(currency)),
                    currency,
                    language,
                  )
                : value
            }
          />
          <Legend />
          <Bar
            isAnimationActive={false}
            yAxisId="orders"
            dataKey="orders"
            name={name('orders')}
            fill={COLOURS.orders}
          />
          <Line
            isAnimationActive={false}
            yAxisId="revenue"
            dataKey="revenueMajor"
            name={name('revenue')}
            stroke={COLOURS.revenue}
            strokeWidth={2}
            dot={false}
          />
        </ComposedChart>
      </ChartCard>
      <ChartCard title={t('organiser.dashboard.chart_checkins')}>
        <BarChart data={rows} accessibilityLayer={false} margin={margin}>
          {grid}
          <XAxis dataKey="label" {...axis} />
          <YAxis allowDecimals={false} width={36} />
          <Tooltip />
          <Legend />
          {(['checkins', 'selfies'] as const).map((s) => (
            <Bar isAnimationActive={false} key={s} dataKey={s} name={name(s)} fill={COLOURS[s]} />
          ))}
        </BarChart>
      </ChartCard>
      <ChartCard title={t('organiser.dashboard.chart_usage')}>
        <LineChart data={rows} accessibilityLayer={false} margin={margin}>
          {grid}
          <XAxis dataKey="label" {...axis} />
          <YAxis allowDecimals={false} width={36} />
          <Tooltip />
          <Legend />
          {(['views', 'downloads', 'shares'] as const).map((s) => (
            <Line
              isAnimationActive={false}
              key={s}
              dataKey={s}
              name={name(s)}
              stroke={COLOURS[s]}
              strokeWidth={2}
              dot={false}
            />
          ))}
        </LineChart>
      </ChartCard>
    </div>
  );
}

function ChartCard({ title, children }: { title: string; children: React.ReactElement }) {
  return (
    <section className="dashboard-chart card">
      <h2>{title}</h2>
      <div className="dashboard-chart-area" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </section>
  );
}
