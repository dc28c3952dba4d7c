import type { ConsoleGallery } from '@fotodrop/contract/api/organiser-events';
import { LAYOUT_DIRECTIONS, type LayoutDirection } from '@fotodrop/contract/enums';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { galleryTree, subtreeIds, type TreeRow } from './gallery-tree';

export interface GalleryChange {
  name?: string;
  parent_id?: number | null;
  position?: number;
  layout?: LayoutDirection;
}

/** One gallery of the tree with its controls (none for a read-only role). */
export function GalleryRow({
  row,
  galleries,
  canManage,
  busy,
  onChange,
  onDelete,
}: {
  row: TreeRow;
  galleries: ConsoleGallery[];
  canManage: boolean;
  busy: boolean;
  onChange: (body: GalleryChange, done: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { gallery, depth, siblings } = row;
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(gallery.name);
  const index = siblings.findIndex((g) => g.id === gallery.id);
  const blocked = subtreeIds(galleries, gallery.id);
  const parents = galleryTree(galleries).filter((r) => !blocked.has(r.gallery.id));
  const n = gallery.name;

  return (
    <li className="gallery-item" style={{ marginInlineStart: `${Math.min(depth, 6) * 1.25}rem` }}>
      <div className="gallery-head">
        {renaming ? (
          <form
            className="console-inline-form"
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim() && name.trim() !== gallery.name)
                onChange({ name: name.trim() }, t('organiser.galleries.renamed', { name: name.trim() }));
              setRenaming(false);
            }}
          >
            <TextField
              label={t('organiser.galleries.new_name', { name: n })}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" size="sm">
              {t('organiser.galleries.save_name')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(false)}>
              {t('common.cancel')}
            </Button>
          </form>
        ) : (
          <>
            <strong>{gallery.name}</strong>{' '}
            <span className="gallery-count">
              {t('organiser.galleries.media', { count: gallery.media_count })}
            </span>
          </>
        )}
      </div>
      {canManage && !renaming && (
        <div className="gallery-controls">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={() => setRenaming(true)}
            aria-label={t('organiser.galleries.rename_of', { name: n })}
          >
            {t('organiser.galleries.rename')}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={busy || index <= 0}
            aria-label={t('organiser.galleries.up_of', { name: n })}
            onClick={() => onChange({ position: index - 1 }, t('organiser.galleries.moved', { name: n }))}
          >
            ↑
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={busy || index >= siblings.length - 1}
            aria-label={t('organiser.galleries.down_of', { name: n })}
            onClick={() => onChange({ position: index + 1 }, t('organiser.galleries.moved', { name: n }))}
          >
            ↓
          </Button>
          <label className="gallery-control">
            <span aria-hidden="true">{t('organiser.galleries.parent')}</span>
            <select
              className="input select"
              aria-label={t('organiser.galleries.parent_of', { name: n })}
              value={gallery.parent_id ?? ''}
              disabled={busy}
              onChange={(e) =>
                onChange(
                  { parent_id: e.target.value ? Number(e.target.value) : null },
                  t('organiser.galleries.moved', { name: n }),
                )
              }
            >
              <option value="">{t('organiser.galleries.top_level')}</option>
              {parents.map((p) => (
                <option key={p.gallery.id} value={p.gallery.id}>
                  {p.path}
                </option>
              ))}
            </select>
          </label>
          <label className="gallery-control">
            <span aria-hidden="true">{t('organiser.galleries.layout')}</span>
            <select
              className="input select"
              aria-label={t('organiser.galleries.layout_of', { name: n })}
              value={gallery.layout}
              disabled={busy}
              onChange={(e) =>
                onChange(
                  { layout: e.target.value as LayoutDirection },
                  t('organiser.galleries.saved', { name: n }),
                )
              }
            >
              {LAYOUT_DIRECTIONS.map((l) => (
                <option key={l} value={l}>
                  {t(`organiser.galleries.layouts.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <Button
            type="button"
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={onDelete}
            aria-label={t('organiser.galleries.delete_of', { name: n })}
          >
            {t('organiser.galleries.delete')}
          </Button>
        </div>
      )}
    </li>
  );
}
