import type { ConsoleGallery } from '@fotodrop/contract/api/organiser-events';
import { useId } from 'react';
import { galleryTree } from '../events/gallery-tree';

/** A select of the event's galleries, indented by depth; `eventOption` adds "the whole event" (null). */
export function GallerySelect({
  label,
  galleries,
  value,
  onChange,
  eventOption,
}: {
  label: string;
  galleries: readonly ConsoleGallery[];
  value: number | null;
  onChange: (id: number | null) => void;
  eventOption?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input select"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
      >
        {eventOption !== undefined && <option value="">{eventOption}</option>}
        {galleryTree([...galleries]).map(({ gallery, depth }) => (
          <option key={gallery.id} value={gallery.id}>
            {`${'\u2003'.repeat(depth)}${gallery.name}`}
          </option>
        ))}
      </select>
    </div>
  );
}
