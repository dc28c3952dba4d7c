import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MOBILE_MAX_WIDTH_PX } from '../constants';
import { isMobileView } from './mobile';

describe('isMobileView', () => {
  it('is mobile on a mobile browser whatever the width', () => {
    fc.assert(
      fc.property(fc.nat(5000), (width) => {
        expect(isMobileView({ userAgentMobile: true, width })).toBe(true);
      }),
    );
  });

  it('on other browsers, is mobile exactly up to 768 px', () => {
    fc.assert(
      fc.property(fc.nat(5000), (width) => {
        expect(isMobileView({ userAgentMobile: false, width })).toBe(width <= MOBILE_MAX_WIDTH_PX);
      }),
    );
    expect(isMobileView({ userAgentMobile: false, width: 768 })).toBe(true);
    expect(isMobileView({ userAgentMobile: false, width: 769 })).toBe(false);
  });
});
