import type { GalleryTreeNode } from '@fotodrop/contract/api/galleries';
import { Link } from 'react-router';
import { paths } from '../../../shared/config/paths';
import { useTranslation } from '../../../shared/i18n/use-translation';

/** The sub-galleries of a gallery (only those holding the user's photos), each with its count. */
export function GalleryChips({ tree, picacode }: { tree: GalleryTreeNode; picacode: string }) {
  const { t } = useTranslation();
  if (tree.sub_gallery.length === 0) return null;
  return (
    <nav className="gallery-chips" aria-label={t('album.galleries.title')}>
      <ul>
        {tree.sub_gallery.map((gallery) => (
          <li key={gallery.id}>
            <Link className="gallery-chip" to={paths.galleryTree.getHref(picacode, gallery.id)}>
              <span>{gallery.name}</span> <span className="gallery-chip-count">{gallery.num_media}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
