import { useSyncExternalStore } from 'react';
import { useIsMobile } from '../../../shared/hooks/use-is-mobile';

function portrait(): boolean {
  return (globalThis.innerHeight ?? 0) > (globalThis.innerWidth ?? 0);
}

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener('resize', onChange);
  globalThis.addEventListener('orientationchange', onChange);
  return () => {
    globalThis.removeEventListener('resize', onChange);
    globalThis.removeEventListener('orientationchange', onChange);
  };
}

/** A phone (the mobile view) held upright: the photobook's landscape spreads ask it to turn. */
export function usePortraitPhone(): boolean {
  const mobile = useIsMobile();
  const upright = useSyncExternalStore(subscribe, portrait, () => false);
  return mobile && upright;
}
