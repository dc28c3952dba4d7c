import { LONG_TAP_MS } from '@fotodrop/contract/constants';
import {
  createContext,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { withinTap } from '../lib/gestures';

/**
 * Select mode of a media list (several photos at once): which media are picked, and the ways in
 * (the toolbar's "Select", a long press on a tile) and out (Cancel, Escape, a change of tab).
 */
export interface Selection {
  active: boolean;
  ids: ReadonlySet<number>;
  start: () => void;
  cancel: () => void;
  toggle: (id: number) => void;
  /** Enters select mode with this media picked (a long press on its tile). */
  startWith: (id: number) => void;
}

const SelectionContext = createContext<Selection | null>(null);
export const SelectionProvider = SelectionContext.Provider;

/** The list's select mode; null where tiles cannot be selected (the video strip, grouped view). */
export function useSelection(): Selection | null {
  return useContext(SelectionContext);
}

/** Select mode state, left (and emptied) whenever `scope` changes: another tab, filter or gallery. */
export function useSelectionState(scope: string): Selection {
  const [state, setState] = useState<{ scope: string; active: boolean; ids: ReadonlySet<number> }>({
    scope,
    active: false,
    ids: new Set(),
  });
  const current = state.scope === scope ? state : { scope, active: false, ids: new Set<number>() };
  const start = useCallback(() => setState({ scope, active: true, ids: new Set() }), [scope]);
  const cancel = useCallback(() => setState({ scope, active: false, ids: new Set() }), [scope]);
  const toggle = useCallback(
    (id: number) =>
      setState((s) => {
        const ids = new Set(s.scope === scope ? s.ids : []);
        if (ids.has(id)) ids.delete(id);
        else ids.add(id);
        return { scope, active: true, ids };
      }),
    [scope],
  );
  const startWith = useCallback(
    (id: number) => setState({ scope, active: true, ids: new Set([id]) }),
    [scope],
  );

  // Escape leaves select mode from anywhere on the page (a dialog above it handles its own)
  useEffect(() => {
    if (!current.active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !document.querySelector('[role="dialog"]'))
        cancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [current.active, cancel]);

  return useMemo(
    () => ({ active: current.active, ids: current.ids, start, cancel, toggle, startWith }),
    [current.active, current.ids, start, cancel, toggle, startWith],
  );
}

/**
 * Ignores the next click anywhere on the page: the one the finger that made a long press makes
 * when lifted. It is swallowed wherever it lands — if anything moved under the finger, on
 * another photo — and forgotten at the next press (no click may come after a long press at all).
 */
function ignoreNextClick() {
  const swallow = (event: Event) => {
    event.preventDefault();
    event.stopPropagation();
    forget();
  };
  const forget = () => {
    window.removeEventListener('click', swallow, true);
    window.removeEventListener('pointerdown', forget, true);
    window.removeEventListener('keydown', forget, true);
  };
  window.addEventListener('click', swallow, true);
  window.addEventListener('pointerdown', forget, true);
  window.addEventListener('keydown', forget, true);
}

/**
 * A long press on a touch screen (LONG_TAP_MS held in place) calls `onLongPress` (when given);
 * the click that follows the lifted finger is then ignored, so no tile also toggles or opens.
 */
export function useLongPress(onLongPress: (() => void) | null) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const touched = useRef(false);
  const callback = useRef(onLongPress);
  callback.current = onLongPress;
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    origin.current = null;
  }, []);
  useEffect(() => clear, [clear]);
  return {
    onPointerDown: (event: PointerEvent) => {
      touched.current = event.pointerType === 'touch';
      if (!touched.current || !callback.current) return;
      clear();
      origin.current = { x: event.clientX, y: event.clientY };
      timer.current = setTimeout(() => {
        timer.current = null;
        if (!callback.current) return;
        ignoreNextClick();
        callback.current();
      }, LONG_TAP_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      const from = origin.current;
      if (from && !withinTap(event.clientX - from.x, event.clientY - from.y)) clear();
    },
    onPointerUp: clear,
    onPointerCancel: clear,
    /** The phone's own long-press menu would cover the tile a long press selects; a mouse keeps it. */
    onContextMenu: (event: MouseEvent) => {
      if (touched.current) event.preventDefault();
    },
  };
}
