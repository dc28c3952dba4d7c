/** The viewer's line icons (24 × 24 paths), decorative: every button carries its own label. */
export const ICONS = {
  close: 'M6 6l12 12M18 6 6 18',
  previous: 'M15 5l-7 7 7 7',
  next: 'M9 5l7 7-7 7',
  share: 'M12 3v12M7 8l5-5 5 5M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6',
  info: 'M12 8h.01M11 12h1v5h1M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  remove: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5zM12 15v2',
  cart: 'M3 4h2.5l2.2 10.5h10.1L20 7H6.6M9.5 19.5h.01M17 19.5h.01',
  check: 'M5 12.5l4.5 4.5L19 7.5',
};

export { LineIcon as Icon } from '../../../shared/ui/line-icon';
