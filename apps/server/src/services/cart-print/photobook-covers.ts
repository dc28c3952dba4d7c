import { createHash } from 'node:crypto';
import type { Storage } from '../../adapters/storage/storage';
import type { Db } from '../../db/client';
import { type MakeBlurredFile, readBlurred } from '../../media/face-blur';
import { backCover, type CoverBranding, frontCover, type PageSize } from '../../media/photobook-pages';
import { mediaKey } from '../../media/variants';
import { organisationsRepository } from '../../repositories/organisations.repository';
import type { MediaFilesService } from '../media/media-files.service';

/** The preview's covers: an A4 landscape page 1,200 px wide (print covers: services/orders/lab-photobook.ts). */
const PREVIEW_PAGE: PageSize = { width: 1200, height: 848, bleed: 0, dpi: 103 };
/** Part of every cover's name: a new layout makes new files instead of serving old ones. */
const LAYOUT_VERSION = 1;

/** The file of a photo a viewer sees (watermarked or clean), with the faces blurred for them. */
export interface CoverSource {
  mediaId: number;
  file: 'preview' | 'preview-clean';
  hidden?: readonly number[];
}

/**
 * The photobook preview's covers, rendered as the book prints them (media/photobook-pages.ts): the
 * front from the book's first photo with the event's and organisation's names in its colours, the
 * back from its last. Each is made once per photo file, viewer's blurring and branding, stored under
 * `photobook-covers/`, and served by a signed link; null while its photo's file is not there yet.
 */
export function photobookCovers(deps: {
  db: Db;
  storage: Storage;
  mediaFiles: Pick<MediaFilesService, 'coverUrl'>;
  /** Makes a blurred file not made yet (anonymous mode). */
  makeBlurredFile?: MakeBlurredFile;
}) {
  const sourceOf = async (source: CoverSource): Promise<Buffer | null> => {
    const faces = source.hidden && source.hidden.length > 0 ? [...source.hidden] : null;
    if (!faces) return deps.storage.get(mediaKey(source.mediaId, source.file));
    return readBlurred(
      (key) => deps.storage.get(key),
      deps.makeBlurredFile,
      source.mediaId,
      faces,
      source.file,
    );
  };

  const cover = async (
    side: 'front' | 'back',
    checkinId: number,
    source: CoverSource,
    brand: CoverBranding,
  ): Promise<string | null> => {
    const digest = createHash('sha256')
      .update(JSON.stringify([LAYOUT_VERSION, side, source.mediaId, source.file, source.hidden ?? [], brand]))
      .digest('hex')
      .slice(0, 32);
    const name = `${checkinId}-${side}-${digest}.jpg`;
    const key = `photobook-covers/${name}`;
    if (!(await deps.storage.exists(key))) {
      const photo = await sourceOf(source);
      if (!photo) return null;
      const render = side === 'front' ? frontCover : backCover;
      await deps.storage.put(key, await render(photo, PREVIEW_PAGE, brand), 'image/jpeg');
    }
    return deps.mediaFiles.coverUrl(name);
  };

  return {
    async urls(input: {
      checkinId: number;
      organisationId: number;
      eventName: string;
      front: CoverSource;
      back: CoverSource;
    }): Promise<{ front: string | null; back: string | null }> {
      const organisation = await organisationsRepository(deps.db).findById(input.organisationId);
      const brand: CoverBranding = {
        title: input.eventName,
        subtitle: organisation?.name ?? '',
        colour: organisation?.theme?.primary ?? '#4338ca',
        contrast: organisation?.theme?.primary_contrast ?? '#ffffff',
      };
      const [front, back] = await Promise.all([
        cover('front', input.checkinId, input.front, brand),
        cover('back', input.checkinId, input.back, brand),
      ]);
      return { front, back };
    },
  };
}
export type PhotobookCovers = ReturnType<typeof photobookCovers>;
