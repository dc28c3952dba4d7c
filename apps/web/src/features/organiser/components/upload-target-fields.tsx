import type { OrganiserEvent } from '@fotodrop/contract/api/organiser';
import { memo, useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { galleriesInTreeOrder, galleryPaths } from '../api/organiser-api';
import { EventSelect } from './organiser-events';

export interface TargetChoice {
  slug: string;
  galleryId: number | null;
  tags: string;
}

/** Where the next files go: the event, optionally one of its galleries, and tags for album codes. */
export const UploadTargetFields = memo(function UploadTargetFields({
  events,
  value,
  onChange,
}: {
  events: OrganiserEvent[];
  value: TargetChoice;
  onChange: (next: TargetChoice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const event = events.find((e) => e.slug === value.slug);
  const paths = galleryPaths(event?.galleries ?? []);

  return (
    <div className="upload-target">
      <EventSelect
        id={`${id}-event`}
        events={events}
        value={value.slug}
        onChange={(slug) => onChange({ slug, galleryId: null, tags: value.tags })}
      />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-gallery`}>
          {t('organiser.target.gallery')}
        </label>
        <select
          id={`${id}-gallery`}
          className="input select"
          value={value.galleryId ?? ''}
          disabled={!event || event.galleries.length === 0}
          onChange={(e) => onChange({ ...value, galleryId: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{t('organiser.target.no_gallery')}</option>
          {galleriesInTreeOrder(event?.galleries ?? []).map((g) => (
            <option key={g.id} value={g.id}>
              {paths.get(g.id)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-tags`}>
          {t('organiser.target.tags')}
        </label>
        <input
          id={`${id}-tags`}
          className="input"
          value={value.tags}
          maxLength={1000}
          autoComplete="off"
          aria-describedby={`${id}-tags-hint`}
          onChange={(e) => onChange({ ...value, tags: e.target.value })}
        />
        <p className="field-hint" id={`${id}-tags-hint`}>
          {t('organiser.target.tags_hint')}
        </p>
      </div>
    </div>
  );
});
