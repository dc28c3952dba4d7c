import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { FieldError } from '../../../shared/ui/field-error';

export interface PromoEventOption {
  slug: string;
  name: string;
}

/** The events a voucher or campaign applies to: none ticked means every event of the organisation. */
export function EventChoice({
  events,
  error,
  register,
}: {
  events: PromoEventOption[];
  error: string | undefined;
  register: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const errorId = useId();
  return (
    <fieldset className="vouchers-events" aria-describedby={`${hintId} ${errorId}`}>
      <legend className="field-label">{t('organiser.vouchers.events')}</legend>
      <p className="field-hint" id={hintId}>
        {t('organiser.vouchers.events_hint')}
      </p>
      {events.length > 0 && (
        <div className="vouchers-event-list">
          {events.map((event) => (
            <label key={event.slug} className="vouchers-radio">
              <input type="checkbox" value={event.slug} {...register} />
              {event.name}
            </label>
          ))}
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
