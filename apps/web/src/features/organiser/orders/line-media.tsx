import type { OrganiserOrderLine } from '@fotodrop/contract/api/organiser-orders';
import { useTranslation } from '../../../shared/i18n/use-translation';

/**
 * A line's photos as the organiser knows them from the media list: thumbnail, uploaded file name
 * and number, copies on a print line; the first `max`, then how many more. Two lines of one order
 * are told apart by these, not by their descriptions ("City Run — 2 photos"). `inline` renders
 * phrasing content only, for a checkbox's label (clicking a photo ticks its line).
 */
export function LineMedia({
  line,
  max = 8,
  inline = false,
}: {
  line: OrganiserOrderLine;
  max?: number;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  if (line.media.length === 0) return null;
  const rest = line.media.length - max;
  const List = inline ? 'span' : 'ul';
  const Item = inline ? 'span' : 'li';
  return (
    <List className="line-media">
      {' '}
      {line.media.slice(0, max).map((m) => (
        <Item key={m.id}>
          {m.thumb_url ? (
            <img src={m.thumb_url} alt="" loading="lazy" width={48} height={48} />
          ) : (
            <span className="line-media-gone" aria-hidden="true" />
          )}
          <span className="line-media-name">
            {m.quantity > 1 && <strong>{m.quantity} × </strong>}
            {m.file_name ?? t('organiser.orders.photo_number', { id: m.id })}
            {m.file_name && <span className="field-hint">{` #${m.id}`}</span>}
          </span>{' '}
        </Item>
      ))}
      {rest > 0 && <Item className="field-hint">{t('organiser.orders.more_media', { count: rest })}</Item>}
    </List>
  );
}

/** A print line's options and the size the lab prints it at. */
export function PrintSpec({ line }: { line: OrganiserOrderLine }) {
  const { t } = useTranslation();
  if (!line.print) return null;
  const options = Object.entries(line.print.options).map(([group, option]) => `${group}: ${option}`);
  const size = t('organiser.orders.print_size', {
    width: line.print.size_mm.width,
    height: line.print.size_mm.height,
  });
  return <div className="field-hint">{[...options, size].join(' · ')}</div>;
}
