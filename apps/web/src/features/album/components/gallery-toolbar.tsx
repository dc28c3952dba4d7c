import type { Media } from '@fotodrop/contract/api/media';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { Dialog } from '../../../shared/ui/dialog';
import { PriceListCard } from '../../../shared/ui/price-list-card';
import { Toast } from '../../../shared/ui/toast';
import type { PriceListState } from '../api/album-queries';
import { useCartFeedback } from './cart-feedback';
import { Icon } from './lightbox-icons';
import { SelectBar } from './select-bar';
import type { Selection } from './selection';

const TAG = 'M3 12V4h8l9 9-8 8zM7.5 7.5h.01';
const SELECT = 'M4 4h16v16H4zM8 12l3 3 5-6';

/**
 * The row above a gallery's photos: the filter (`children`), "Prices" (the gallery's price list
 * in a dialog, where prices are shown) and "Select" (pressed again, it leaves select mode). In
 * select mode the select bar lies over the page's foot; the toolbar keeps its place (issue 17:
 * a bar taking the toolbar's place pushed the photos down under the finger of a long press).
 */
export function GalleryToolbar({
  children,
  priceList,
  selection,
  selected,
}: {
  children?: ReactNode;
  priceList: PriceListState | null;
  selection: Selection;
  selected: readonly Media[];
}) {
  const { t } = useTranslation();
  const [pricesOpen, setPricesOpen] = useState(false);
  const [toast, setToast] = useState<{ text: string; id: number } | null>(null);
  const say = useCallback((text: string) => setToast({ text, id: Date.now() }), []);
  const feedback = useCartFeedback(say);
  const selectRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // the focus follows the control that was pressed: into the bar from "Select"; back to "Select"
  // when the bar goes with the focus in it (Cancel, Escape, an action done)
  const enteredByButton = useRef(false);
  const wasActive = useRef(selection.active);
  useEffect(() => {
    const left = wasActive.current && !selection.active;
    wasActive.current = selection.active;
    if (selection.active) {
      if (enteredByButton.current) cancelRef.current?.focus();
      enteredByButton.current = false;
    } else if (left && (document.activeElement === document.body || document.activeElement === null)) {
      selectRef.current?.focus();
    }
  }, [selection.active]);
  const hasPrices = priceList !== null && priceList.items.length > 0;

  return (
    <>
      <div className="gallery-toolbar">
        {children}
        <div className="gallery-toolbar-actions">
          {hasPrices && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setPricesOpen(true)}>
              <Icon d={TAG} size={18} />
              {t('album.prices.open')}
            </button>
          )}
          <button
            ref={selectRef}
            type="button"
            className="btn btn-secondary btn-sm"
            aria-pressed={selection.active}
            onClick={() => {
              if (selection.active) {
                selection.cancel();
                return;
              }
              enteredByButton.current = true;
              selection.start();
            }}
          >
            <Icon d={SELECT} size={18} />
            {t('album.select.start')}
          </button>
        </div>
      </div>
      {/* over the page (fixed), not in its flow: nothing under a finger moves when it appears */}
      {selection.active && (
        <SelectBar
          selected={selected}
          cancelRef={cancelRef}
          onDone={selection.cancel}
          say={say}
          onCartError={feedback.onError}
        />
      )}
      {hasPrices && (
        <Dialog open={pricesOpen} onClose={() => setPricesOpen(false)} title={t('album.prices.title')}>
          <PriceListCard
            items={priceList.items}
            currency={priceList.currency}
            packages={priceList.packages}
            compact
          />
        </Dialog>
      )}
      {feedback.dialog}
      <Toast key={toast?.id} message={toast?.text ?? null} onDone={() => setToast(null)} />
    </>
  );
}
