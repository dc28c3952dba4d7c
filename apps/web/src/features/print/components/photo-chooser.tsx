import { useId } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import type { PhotoGroup } from '../lib/photo-groups';
import { PLURAL } from '../lib/plural-keys';
import { type PhotoRule, type Selection, setCopies, takesCopies, togglePhoto } from '../lib/selection';
import { PhotoTile } from './photo-tile';

/**
 * The print photo chooser (albums spec §2): the printable photos by album — the cart's, then
 * those bought earlier ("Bought earlier — <event>") — each a tile to choose,
 * with copies when the product takes them. The product's photo limits hold: a full selection
 * takes no more photos (a product of one photo swaps it).
 */
export function PhotoChooser({
  groups,
  product,
  selection,
  onChange,
}: {
  groups: readonly PhotoGroup[];
  product: PhotoRule;
  selection: Selection;
  onChange: (next: Selection) => void;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const withCopies = takesCopies(product);
  const blocked = product.max_photos > 1 && selection.size >= product.max_photos;
  return (
    <div className="print-photo-groups">
      {groups.map((group) => {
        const titleId = `${baseId}-${group.key}`;
        const bought = group.source === 'purchases';
        return (
          <section key={group.key} className="print-photo-group" aria-labelledby={titleId}>
            <h3 id={titleId}>
              {bought ? t('print.photos.bought_title', { event: group.title }) : group.title}{' '}
              <span className="print-photo-count">
                {t(bought ? PLURAL.inBought : PLURAL.inAlbum, { count: group.photos.length })}
              </span>
            </h3>
            <ul className="print-tiles" aria-labelledby={titleId}>
              {group.photos.map((photo, index) => (
                <PhotoTile
                  key={photo.id}
                  photo={photo}
                  label={t(bought ? 'print.photos.bought_photo' : 'print.photos.photo', {
                    number: index + 1,
                    album: group.title,
                  })}
                  copies={selection.get(photo.id) ?? 0}
                  withCopies={withCopies}
                  blocked={blocked}
                  onToggle={() => onChange(togglePhoto(selection, photo.id, product))}
                  onCopies={(copies) => onChange(setCopies(selection, photo.id, copies))}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
