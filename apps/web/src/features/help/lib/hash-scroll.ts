import { HASH_SCROLL_OFFSET_PX } from '@fotodrop/contract/constants';

/**
 * Scrolls to the element a hash link names, leaving HASH_SCROLL_OFFSET_PX above it for the fixed
 * navigation bar (entry spec §9); a question (a <details>) is opened first. Returns whether the
 * target exists: the FAQ loads after the page, so callers try again once it has.
 */
export function scrollToHash(hash: string, doc: Document = document, win: Window = window): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return false;
  const target = doc.getElementById(id);
  if (!target) return false;
  if (target instanceof HTMLDetailsElement) target.open = true;
  const top = target.getBoundingClientRect().top + win.scrollY - HASH_SCROLL_OFFSET_PX;
  const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  win.scrollTo({ top: Math.max(0, top), behavior: reduced ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  return true;
}
