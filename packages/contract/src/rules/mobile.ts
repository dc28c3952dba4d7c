import { MOBILE_MAX_WIDTH_PX } from '../constants';

/** The mobile view applies on a mobile browser or when the window is 768 px wide or less. */
export function isMobileView({
  userAgentMobile,
  width,
}: {
  userAgentMobile: boolean;
  width: number;
}): boolean {
  return userAgentMobile || width <= MOBILE_MAX_WIDTH_PX;
}
