import { LineIcon } from '../../../shared/ui/line-icon';

/** A stack of prints: stands in for a product without a picture. */
const PRINTS = 'M7 4h13v13H7zM4 7v13h13M9.5 14l3-3 2 2 2.5-2.5L20 13';

export function PrintIcon({ size = 32 }: { size?: number }) {
  return <LineIcon d={PRINTS} size={size} strokeWidth={1.6} />;
}
