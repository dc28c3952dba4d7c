import { type RefObject, useLayoutEffect, useState } from 'react';

/** Whether a sideways-scrolling row hides content before (start) and after (end) what it shows. */
export interface OverflowHint {
  start: boolean;
  end: boolean;
}

const NONE: OverflowHint = { start: false, end: false };
/** Sub-pixel widths: a row within a pixel of its content fits. */
const SLACK = 1;

/**
 * Which ends of a row that scrolls sideways hide something, kept up to date as it scrolls, resizes
 * or its items change size (counts arriving, another font), so the row can show a fade there: a
 * row cut off with no hint that it scrolls reads as all there is (issue 17, the album's tabs).
 */
export function useOverflowHint(ref: RefObject<HTMLElement | null>): OverflowHint {
  const [hint, setHint] = useState<OverflowHint>(NONE);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => {
      const hidden = node.scrollWidth - node.clientWidth;
      const start = hidden > SLACK && node.scrollLeft > SLACK;
      const end = hidden > SLACK && node.scrollLeft < hidden - SLACK;
      setHint((prev) => (prev.start === start && prev.end === end ? prev : { start, end }));
    };
    measure();
    node.addEventListener('scroll', measure, { passive: true });
    if (typeof ResizeObserver === 'undefined') {
      globalThis.addEventListener('resize', measure);
      return () => {
        node.removeEventListener('scroll', measure);
        globalThis.removeEventListener('resize', measure);
      };
    }
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    for (const child of Array.from(node.children)) observer.observe(child);
    return () => {
      node.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [ref]);
  return hint;
}
