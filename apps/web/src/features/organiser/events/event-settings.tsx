import type { ConsoleEvent } from '@fotodrop/contract/api/organiser-events';
import {
  CHECKIN_MODES,
  COUNTER_TYPES,
  EXPERIENCE_TYPES,
  HD_SERVING_TYPES,
  PHOTO_DISPLAY_TYPES,
  RESOLUTIONS,
} from '@fotodrop/contract/enums';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { isApiError } from '../../../shared/api/errors';
import { translateError } from '../../../shared/i18n/messages';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { eventKeys, updateEvent } from '../api/events-api';
import { SettingField } from './setting-field';
import { type Draft, type FieldSpec, sectionBody, toDraft } from './setting-model';

/** The settings by what an organiser thinks about together; every setting is in one section. */
export const SECTIONS: { key: string; fields: FieldSpec[] }[] = [
  {
    key: 'general',
    fields: [
      { key: 'name', type: 'text' },
      { key: 'kind', type: 'select', choices: EXPERIENCE_TYPES },
      { key: 'slug', type: 'text' },
      { key: 'description', type: 'textarea', nullable: true },
      { key: 'location', type: 'text', nullable: true },
      { key: 'cover_url', type: 'url', nullable: true },
      { key: 'currency', type: 'currency' },
      { key: 'is_promo', type: 'checkbox' },
    ],
  },
  {
    key: 'dates',
    fields: [
      { key: 'start_date', type: 'date' },
      { key: 'end_date', type: 'date' },
      { key: 'time_zone', type: 'timezone' },
    ],
  },
  {
    key: 'checkin',
    fields: [
      { key: 'checkin_mode', type: 'select', choices: CHECKIN_MODES },
      { key: 'data_collector_fields', type: 'collector' },
      { key: 'data_collector_form_url', type: 'url', nullable: true },
      { key: 'options', type: 'options' },
      { key: 'find_by_bib', type: 'checkbox' },
      { key: 'step_privacy', type: 'textarea', nullable: true },
    ],
  },
  {
    key: 'album',
    fields: [
      { key: 'share_mode', type: 'select', choices: RESOLUTIONS },
      { key: 'zoom_mode', type: 'select', choices: RESOLUTIONS },
      { key: 'photo_display_type', type: 'select', choices: PHOTO_DISPLAY_TYPES },
      { key: 'counter_type', type: 'select', choices: COUNTER_TYPES },
      { key: 'show_prices', type: 'checkbox' },
      { key: 'show_all_event_photos', type: 'checkbox' },
      { key: 'can_see_media', type: 'checkbox' },
      { key: 'can_purchase_during_stay', type: 'checkbox' },
      { key: 'share_with_friends', type: 'checkbox' },
      { key: 'use_pica_for_your_event', type: 'checkbox' },
      { key: 'is_tagging_completed', type: 'checkbox' },
    ],
  },
  {
    key: 'availability',
    fields: [
      { key: 'hd_serving_type', type: 'select', choices: HD_SERVING_TYPES },
      { key: 'hd_available_from', type: 'datetime' },
      { key: 'hd_available_to', type: 'datetime' },
      { key: 'media_available_to', type: 'datetime' },
      { key: 'last_stay_deletion_date', type: 'date', nullable: true },
      { key: 'live_from', type: 'datetime' },
      { key: 'live_to', type: 'datetime' },
      { key: 'show_in_calendar', type: 'checkbox' },
    ],
  },
  {
    key: 'messages',
    fields: [
      { key: 'banner', type: 'banner' },
      { key: 'welcome_popup', type: 'popup' },
      { key: 'fixed_popup', type: 'popup' },
    ],
  },
];

/** Every setting of the event, a section at a time, each saved on its own. */
export function EventSettings({ event, canManage }: { event: ConsoleEvent; canManage: boolean }) {
  return (
    <div className="event-sections">
      {SECTIONS.map((section) => (
        // a new event answer (another section saved) restarts the drafts from what is stored
        <SettingsSection
          key={`${section.key}-${event.slug}`}
          sectionKey={section.key}
          fields={section.fields}
          event={event}
          canManage={canManage}
        />
      ))}
    </div>
  );
}

/**
 * decision (issue 19): the settings that decide how an event sells, also on its prices page (the
 * same event PATCH, events.manage): whether prices show, buying during a stay, the HD window and
 * the end of sales (its last days are the last call at a discount).
 */
export const SELLING_FIELDS: FieldSpec[] = [
  { key: 'show_prices', type: 'checkbox' },
  { key: 'can_purchase_during_stay', type: 'checkbox' },
  { key: 'hd_available_from', type: 'datetime' },
  { key: 'hd_available_to', type: 'datetime' },
  { key: 'media_available_to', type: 'datetime' },
];

/** One section of settings (`organiser.event.sections.<sectionKey>` names it), saved on its own. */
export function SettingsSection({
  sectionKey,
  fields,
  event,
  canManage,
  intro,
}: {
  sectionKey: string;
  fields: FieldSpec[];
  event: ConsoleEvent;
  canManage: boolean;
  /** A text under the section's title. */
  intro?: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initial = () => Object.fromEntries(fields.map((f) => [f.key, toDraft(f, event)])) as Draft;
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error' | 'info'; text: string } | null>(null);
  const headingId = `settings-${sectionKey}`;

  const mutation = useMutation({
    mutationFn: (body: Record<string, unknown>) => updateEvent(event.slug, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(eventKeys.event(saved.slug), saved);
      setDraft(Object.fromEntries(fields.map((f) => [f.key, toDraft(f, saved)])));
      setResult({ tone: 'success', text: t('organiser.event.saved') });
      return queryClient.invalidateQueries({ queryKey: ['organiser', 'events'] });
    },
    onError: (error) => {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
        setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v.join('\n')])));
        setResult({ tone: 'error', text: t('organiser.event.fix_errors') });
      } else setResult({ tone: 'error', text: translateError(t, error) });
    },
  });

  const save = () => {
    const { body, errors: found } = sectionBody(fields, draft, event);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setResult({ tone: 'error', text: t('organiser.event.fix_errors') });
      return;
    }
    if (Object.keys(body).length === 0) {
      setResult({ tone: 'info', text: t('organiser.event.nothing_changed') });
      return;
    }
    setResult(null);
    mutation.mutate(body);
  };

  return (
    <form
      className="card console-card event-section"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <h2 id={headingId}>{t(`organiser.event.sections.${sectionKey}`)}</h2>
      {intro}
      <div className="event-fields">
        {fields.map((spec) => (
          <SettingField
            key={spec.key}
            spec={spec}
            value={draft[spec.key]}
            onChange={(value) => setDraft((d) => ({ ...d, [spec.key]: value }))}
            errors={errors}
            disabled={!canManage}
            lockedReason={
              (event.locked as string[]).includes(spec.key)
                ? t(`organiser.event.locked.${spec.key}`, {
                    defaultValue: event.locked_reasons[spec.key] ?? '',
                    currency: event.currency,
                  })
                : undefined
            }
            timeZone={event.time_zone}
          />
        ))}
      </div>
      <div aria-live="polite">{result && <Alert tone={result.tone}>{result.text}</Alert>}</div>
      {canManage && (
        <div>
          <Button type="submit" loading={mutation.isPending}>
            {t('organiser.event.save_section', { section: t(`organiser.event.sections.${sectionKey}`) })}
          </Button>
        </div>
      )}
    </form>
  );
}
