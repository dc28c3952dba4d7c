import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import { createEventBodySchema } from '@fotodrop/contract/api/organiser-events';
import { CHECKIN_MODES, EXPERIENCE_TYPES } from '@fotodrop/contract/enums';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../../shared/config/paths';
import { applyServerErrors } from '../../../shared/forms/server-errors';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { FieldError } from '../../../shared/ui/field-error';
import { FormError } from '../../../shared/ui/form-error';
import { TextField } from '../../../shared/ui/text-field';
import { createEvent, eventKeys } from '../api/events-api';
import { knownTimeZones } from './zoned-time';

type Values = z.input<typeof createEventBodySchema>;
type Output = z.output<typeof createEventBodySchema>;
const FIELDS = ['name', 'kind', 'start_date', 'end_date', 'time_zone', 'currency', 'checkin_mode'] as const;

// decision (issue 18): a new event starts in the browser's time zone (where the organiser is,
// usually where the event is) and the organisation's currency, EUR for the older organisations
// that have none; both change in the form or later in the settings.
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const today = () => new Date().toISOString().slice(0, 10);

/** The few settings a new event needs; every other one starts at the participant side's default. */
export function CreateEventForm({
  organisation,
  onCancel,
}: {
  organisation: MyOrganisation;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { kind: useId(), zone: useId(), checkin: useId() };
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(createEventBodySchema),
    defaultValues: {
      organisation_id: organisation.id,
      name: '',
      kind: 'event',
      start_date: today(),
      end_date: today(),
      time_zone: browserZone(),
      currency: organisation.currency ?? 'EUR',
      checkin_mode: 'none',
    },
  });
  const mutation = useMutation({
    mutationFn: (values: Output) => createEvent(values),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventKeys.event(event.slug), event);
      await queryClient.invalidateQueries({ queryKey: ['organiser', 'events'] });
      navigate(paths.organiserEvent.getHref(event.slug));
    },
    onError: (error) => applyServerErrors(error, form.setError, FIELDS),
  });
  const { errors } = form.formState;
  const zones = knownTimeZones();
  const select = (
    id: string,
    name: 'kind' | 'time_zone' | 'checkin_mode',
    label: string,
    choices: readonly string[],
    text: (v: string) => string,
  ) => (
    <div className={errors[name] ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input select" {...form.register(name)}>
        {choices.map((c) => (
          <option key={c} value={c}>
            {text(c)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} message={errors[name]?.message} />
    </div>
  );

  return (
    <form
      className="card console-card"
      noValidate
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
    >
      <h2>{t('organiser.events.new_title')}</h2>
      <FormError error={errors.root?.server} />
      <div className="event-fields">
        <TextField
          label={t('organiser.event.fields.name')}
          required
          error={errors.name?.message}
          {...form.register('name')}
        />
        {select(ids.kind, 'kind', t('organiser.event.fields.kind'), EXPERIENCE_TYPES, (v) =>
          t(`organiser.event.choices.kind.${v}`),
        )}
        <TextField
          label={t('organiser.event.fields.start_date')}
          type="date"
          error={errors.start_date?.message}
          {...form.register('start_date')}
        />
        <TextField
          label={t('organiser.event.fields.end_date')}
          type="date"
          error={errors.end_date?.message}
          {...form.register('end_date')}
        />
        {select(
          ids.zone,
          'time_zone',
          t('organiser.event.fields.time_zone'),
          zones.includes(browserZone()) ? zones : [browserZone(), ...zones],
          (v) => v,
        )}
        <TextField
          label={t('organiser.event.fields.currency')}
          maxLength={3}
          hint={t('organiser.events.currency_hint')}
          error={errors.currency?.message}
          {...form.register('currency')}
        />
        {select(ids.checkin, 'checkin_mode', t('organiser.event.fields.checkin_mode'), CHECKIN_MODES, (v) =>
          t(`organiser.event.choices.checkin_mode.${v}`),
        )}
      </div>
      <div className="event-actions">
        <Button type="submit" loading={mutation.isPending}>
          {t('organiser.events.create')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
