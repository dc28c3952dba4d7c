import type { PhotobookPage } from '@fotodrop/contract/rules/photobook';
import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Button } from '../../../shared/ui/button';

/** Horizontal travel (px) that makes a swipe turn the page, as long as it is mostly horizontal. */
const SWIPE_PX = 40;

/** The front cover alone, the inner pages two by two, the back cover alone: as the book opens. */
export function spreadsOf(pages: PhotobookPage[]): PhotobookPage[][] {
  const inner = pages.slice(1, -1);
  const spreads: PhotobookPage[][] = [[pages[0]!]];
  for (let i = 0; i < inner.length; i += 2) spreads.push(inner.slice(i, i + 2));
  spreads.push([pages.at(-1)!]);
  return spreads;
}

/**
 * The server renders covers as printed, the event's name on them (`/api/photobook-covers/…`); until
 * it can, the cover is the photo itself and the page lays the name over it the same way.
 */
function isRenderedCover(url: string | null): boolean {
  return !!url && url.includes('/photobook-covers/');
}

/** Keys typed into a field or a dialog are not page turns. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return !!target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]');
}

/**
 * The photobook as it opens: one spread at a time, turned with the buttons, the arrow keys (Home
 * and End for the covers) or a swipe; the spreads next to the open one load ahead.
 */
export function PhotobookViewer({ pages, eventName }: { pages: PhotobookPage[]; eventName: string }) {
  const { t } = useTranslation();
  const spreads = spreadsOf(pages);
  const last = spreads.length - 1;
  const [open, setOpen] = useState(0);
  const turn = (to: number) => setOpen(Math.min(last, Math.max(0, to)));
  const swipe = useRef<{ x: number; y: number } | null>(null);

  const turnRef = useRef(turn);
  turnRef.current = turn;
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target))
        return;
      const to = { ArrowRight: openRef.current + 1, ArrowLeft: openRef.current - 1, Home: 0, End: last }[
        event.key
      ];
      if (to === undefined) return;
      event.preventDefault();
      turnRef.current(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);

  const onPointerDown = (event: ReactPointerEvent) => {
    swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(event.clientY - start.y))
      turn(open + (dx < 0 ? 1 : -1));
  };

  return (
    <section className="photobook-preview" aria-label={t('photobook.preview')}>
      {/* swipes only: the buttons and the arrow keys do the same */}
      <div
        className="photobook-stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        {spreads.map((spread, index) => (
          <div className="photobook-spread" key={spread.map((p) => p.id).join('-')} hidden={index !== open}>
            {spread.map((page) => (
              <Page
                key={page.id}
                page={page}
                number={pages.indexOf(page)}
                eventName={eventName}
                eager={Math.abs(index - open) <= 1}
              />
            ))}
          </div>
        ))}
      </div>
      <div className="photobook-turn">
        <Button variant="secondary" size="sm" onClick={() => turn(open - 1)} disabled={open === 0}>
          {t('photobook.previous')}
        </Button>
        <span className="photobook-position" aria-live="polite">
          {t('photobook.position', { current: open + 1, total: spreads.length })}
        </span>
        <Button variant="secondary" size="sm" onClick={() => turn(open + 1)} disabled={open === last}>
          {t('photobook.next')}
        </Button>
      </div>
      <p className="photobook-hint">{t('photobook.turn_hint')}</p>
    </section>
  );
}

function Page({
  page,
  number,
  eventName,
  eager,
}: {
  page: PhotobookPage;
  number: number;
  eventName: string;
  eager: boolean;
}) {
  const { t } = useTranslation();
  const label =
    page.kind === 'front_cover'
      ? t('photobook.front_cover')
      : page.kind === 'back_cover'
        ? t('photobook.back_cover')
        : page.kind === 'blank'
          ? t('photobook.blank_page')
          : t('photobook.page', { number });
  return (
    <div className={`photobook-sheet photobook-${page.kind}`} role="img" aria-label={label}>
      {page.url && <img src={page.url} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" />}
      {page.kind === 'front_cover' && !isRenderedCover(page.url) && (
        <span className="photobook-cover-title">{eventName}</span>
      )}
    </div>
  );
}
