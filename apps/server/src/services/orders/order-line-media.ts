import type { OrganiserOrderLine } from '@fotodrop/contract';
import type { Db } from '../../db/client';
import type { OrderLineRow } from '../../repositories/orders.repository';
import { organiserOrdersRepository } from '../../repositories/organiser-orders.repository';
import type { MediaFilesService } from '../media/media-files.service';
import { printSpec } from './lab-package';

type LineMedia = Pick<OrganiserOrderLine, 'media' | 'print'>;

/**
 * What tells an order's lines apart in the console (issue 19): each line's photos with a signed
 * thumbnail and the uploaded file's name (a digital line's media; a print line's photos with their
 * copies), and a print line's product, options and size as the lab prints it. The organisation's
 * own photos, so the clean thumbnail, as its media list shows them.
 */
export async function linesMedia(
  db: Db,
  mediaFiles: Pick<MediaFilesService, 'url'>,
  lines: OrderLineRow[],
): Promise<Map<number, LineMedia>> {
  const photosOf = (l: OrderLineRow) =>
    l.print
      ? l.print.photos.map((p) => ({ id: p.photo_id, quantity: p.quantity }))
      : l.mediaIds.map((id) => ({ id, quantity: 1 }));
  const ids = [...new Set(lines.flatMap((l) => photosOf(l).map((p) => p.id)))];
  const names = await organiserOrdersRepository(db).mediaNames(ids);
  const result = new Map<number, LineMedia>();
  for (const line of lines) {
    const spec = line.print ? await printSpec(db, line.print) : null;
    result.set(line.id, {
      media: photosOf(line).map(({ id, quantity }) => ({
        id,
        file_name: names.get(id) ?? null,
        thumb_url: names.has(id) ? mediaFiles.url(id, 'thumb-clean') : null,
        quantity: Math.max(1, quantity),
      })),
      print:
        line.print && spec ? { product: line.print.title, options: spec.options, size_mm: spec.size } : null,
    });
  }
  return result;
}
