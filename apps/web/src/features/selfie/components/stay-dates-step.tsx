import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { StepHeading } from './step-heading';

export interface StayDates {
  start: string;
  end: string;
}

/** Catalogue key of what is wrong with the chosen dates, or null (albums spec §5 "Select a date"). */
export function stayDatesError(dates: StayDates, event: Checkin['event']): string | null {
  if (!dates.start || !dates.end) return 'selfie.dates.required';
  if (dates.start < event.start_date || dates.end > event.end_date) return 'selfie.dates.outside';
  if (dates.start > dates.end) return 'selfie.dates.order';
  return null;
}

/** The date step of a stay: the guest's own days, within the stay's dates, before the search. */
export function StayDatesStep({
  checkin,
  busy,
  onSubmit,
}: {
  checkin: Checkin;
  busy: boolean;
  onSubmit: (dates: StayDates) => void;
}) {
  const { t } = useTranslation();
  const { event } = checkin;
  const [dates, setDates] = useState<StayDates>({
    start: checkin.start_of_stay ?? '',
    end: checkin.end_of_stay ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = stayDatesError(dates, event);
    setError(problem);
    if (!problem) onSubmit(dates);
  };
  return (
    <form className="selfie-step selfie-dates" noValidate onSubmit={submit}>
      <StepHeading>{t('selfie.dates.title')}</StepHeading>
      <p>{t('selfie.dates.text')}</p>
      <TextField
        type="date"
        label={t('selfie.dates.start')}
        min={event.start_date}
        max={event.end_date}
        value={dates.start}
        error={error ?? undefined}
        onChange={(e) => setDates((d) => ({ ...d, start: e.target.value }))}
      />
      <TextField
        type="date"
        label={t('selfie.dates.end')}
        min={dates.start || event.start_date}
        max={event.end_date}
        value={dates.end}
        onChange={(e) => setDates((d) => ({ ...d, end: e.target.value }))}
      />
      <Button type="submit" block loading={busy}>
        {t('selfie.dates.submit')}
      </Button>
    </form>
  );
}
