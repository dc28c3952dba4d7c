import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/**
 * Whether the album's first photos are on screen (or it settled without any). What the first
 * screen does not need — the tree's sub-galleries, prices, the cart's lines, the print catalogue —
 * is asked for only then, so opening an album makes few calls before its photos (issue 8). Outside
 * a provider (a gallery screen) everything loads at once.
 */
const FirstPhotosContext = createContext<{ shown: boolean; markShown: () => void }>({
  shown: true,
  markShown: () => {},
});

export function FirstPhotosProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const markShown = useCallback(() => setShown(true), []);
  const value = useMemo(() => ({ shown, markShown }), [shown, markShown]);
  return <FirstPhotosContext.Provider value={value}>{children}</FirstPhotosContext.Provider>;
}

export function useFirstPhotosShown(): boolean {
  return useContext(FirstPhotosContext).shown;
}

export function useMarkFirstPhotosShown(): () => void {
  return useContext(FirstPhotosContext).markShown;
}
