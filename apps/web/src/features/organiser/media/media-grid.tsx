import type { OrganiserMedia } from '@fotodrop/contract/api/organiser';
import { useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { BibChips } from '../bibs/bib-chips';

/**
 * The page's media as tiles of clean thumbnails: a checkbox each (shift-click selects the range
 * from the last one clicked), "select all on this page", and the tile opens the detail panel.
 */
export function MediaGrid({
  media,
  selectable,
  selected,
  onSelect,
  onOpen,
  galleryName,
}: {
  media: OrganiserMedia[];
  selectable: boolean;
  selected: Set<number>;
  onSelect: (next: Set<number>) => void;
  onOpen: (medium: OrganiserMedia) => void;
  galleryName: (id: number | null) => string;
}) {
  const { t } = useTranslation();
  const last = useRef<number | null>(null);
  const allOnPage = media.length > 0 && media.every((m) => selected.has(m.id));

  const toggle = (index: number, shift: boolean) => {
    const next = new Set(selected);
    const id = media[index]!.id;
    const on = !selected.has(id);
    const from = shift && last.current !== null ? Math.min(last.current, index) : index;
    const to = shift && last.current !== null ? Math.max(last.current, index) : index;
    for (let i = from; i <= to; i++) {
      if (on) next.add(media[i]!.id);
      else next.delete(media[i]!.id);
    }
    last.current = index;
    onSelect(next);
  };

  return (
    <>
      {selectable && (
        <label className="media-select-all">
          <input
            type="checkbox"
            checked={allOnPage}
            onChange={() => onSelect(allOnPage ? new Set() : new Set(media.map((m) => m.id)))}
          />{' '}
          {t('organiser.media.select_all')}
        </label>
      )}
      <ul className="media-grid">
        {media.map((m, index) => {
          const name = m.original_filename ?? t('organiser.media.untitled', { id: m.id });
          return (
            <li key={m.id} className={selected.has(m.id) ? 'media-tile is-selected' : 'media-tile'}>
              <button type="button" className="media-thumb" onClick={() => onOpen(m)}>
                {m.thumbnail_url ? (
                  <img src={m.thumbnail_url} alt={name} loading="lazy" />
                ) : (
                  <span className="media-placeholder">{t(`organiser.media.status.${m.status}`)}</span>
                )}
              </button>
              <div className="media-caption">
                {selectable && (
                  <input
                    type="checkbox"
                    aria-label={t('organiser.media.select', { name })}
                    checked={selected.has(m.id)}
                    onChange={() => undefined}
                    onClick={(e) => toggle(index, e.shiftKey)}
                  />
                )}
                <span className="media-name">{name}</span>
              </div>
              <div className="media-badges">
                {m.type === 'video' && <span className="badge">{t('organiser.media.video')}</span>}
                {m.status !== 'ready' && (
                  <span className="badge">{t(`organiser.media.status.${m.status}`)}</span>
                )}
                {m.deleted ? (
                  <span className="badge badge-warn">{t('organiser.media.deleted_kept')}</span>
                ) : (
                  m.hidden && <span className="badge badge-warn">{t('organiser.media.hidden')}</span>
                )}
                <span className="media-gallery">{galleryName(m.gallery_id)}</span>
              </div>
              <BibChips bibs={m.bibs} />
            </li>
          );
        })}
      </ul>
    </>
  );
}
