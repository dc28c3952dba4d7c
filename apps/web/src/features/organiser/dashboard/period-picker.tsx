import { DASHBOARD_MAX_DAYS } from '@fotodrop/contract/api/organiser-dashboard';
import { addDays, dayIn, daysBetween } from '@fotodrop/contract/rules/calendar-days';
import { useId, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import type { DashboardPeriod } from './dashboard-api';

const PRESETS = [7, 30, 90] as const;
type Choice = 'all' | `${(typeof PRESETS)[number]}` | 'custom';

/**
 * The dashboard's period: since the first activity (the server's default), the last 7, 30 or 90
 * days of the event's time zone, or two days chosen. Custom days apply on "Show", not on each key.
 */
export function PeriodPicker({
  timeZone,
  onChange,
}: {
  /** The zone the dashboard counts days in (its "today"). */
  timeZone: string;
  onChange: (period: DashboardPeriod) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState<Choice>('all');
  const today = dayIn(new Date(), timeZone);
  const [from, setFrom] = useState(addDays(today, -29));
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | undefined>();

  const choose = (next: Choice) => {
    setChoice(next);
    setError(undefined);
    if (next === 'all') onChange({});
    else if (next !== 'custom') onChange({ from: addDays(today, -(Number(next) - 1)), to: today });
  };

  return (
    <form
      className="console-inline-form dashboard-period"
      onSubmit={(e) => {
        e.preventDefault();
        if (!from || !to || from > to) return setError('dashboard.to_before_from');
        if (daysBetween(from, to).length > DASHBOARD_MAX_DAYS) return setError('dashboard.period_too_long');
        setError(undefined);
        onChange({ from, to });
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor={`${id}-period`}>
          {t('organiser.dashboard.period')}
        </label>
        <select
          id={`${id}-period`}
          className="input select"
          value={choice}
          onChange={(e) => choose(e.target.value as Choice)}
        >
          <option value="all">{t('organiser.dashboard.since_start')}</option>
          {PRESETS.map((n) => (
            <option key={n} value={String(n)}>
              {t('organiser.dashboard.last_days', { count: n })}
            </option>
          ))}
          <option value="custom">{t('organiser.dashboard.custom')}</option>
        </select>
      </div>
      {choice === 'custom' && (
        <>
          <TextField
            label={t('organiser.dashboard.from')}
            type="date"
            value={from}
            max={today}
            onChange={(e) => setFrom(e.target.value)}
            error={error}
            errorVars={{ max: DASHBOARD_MAX_DAYS }}
          />
          <TextField
            label={t('organiser.dashboard.to')}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            {t('organiser.dashboard.show')}
          </Button>
        </>
      )}
    </form>
  );
}
