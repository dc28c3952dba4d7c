import { isMobileView } from '@fotodrop/contract/rules/mobile';
import { useSyncExternalStore } from 'react';

function userAgentMobile(): boolean {
  const nav = globalThis.navigator as (Navigator & { userAgentData?: { mobile?: boolean } }) | undefined;
  if (!nav) return false;
  if (typeof nav.userAgentData?.mobile === 'boolean') return nav.userAgentData.mobile;
  return /Mobi|Android|iPhone|iPad|iPod/i.test(nav.userAgent);
}

function snapshot(): boolean {
  return isMobileView({ userAgentMobile: userAgentMobile(), width: globalThis.innerWidth ?? 1024 });
}

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener('resize', onChange);
  return () => globalThis.removeEventListener('resize', onChange);
}

/** Mobile view: a mobile browser, or a window 768 px wide or less (contract isMobileView). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
