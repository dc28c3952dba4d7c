import { describe, expect, it } from 'vitest';
import { sessionEvents } from '../shared/api/session-events';
import { connectSession } from './session';

/** A router as connectSession sees it, recording where it is sent. */
function fakeRouter(location: string, goingTo?: string) {
  const where = (href: string) => {
    const url = new URL(href, 'http://localhost');
    return { pathname: url.pathname, search: url.search };
  };
  const sent: string[] = [];
  return {
    sent,
    navigate: (to: string) => {
      sent.push(to);
    },
    state: { location: where(location), navigation: { location: goingTo ? where(goingTo) : undefined } },
  };
}

describe('a call that needs the policies accepted', () => {
  it('sends the user to the terms and back to the page they are on', () => {
    const router = fakeRouter('/organiser/upload?x=1');
    connectSession(router);
    sessionEvents.onPoliciesRequired();
    expect(router.sent).toEqual(['/terms?next=%2Forganiser%2Fupload%3Fx%3D1']);
  });

  it('brings the user back to the page being opened, not the one being left (an accepted invitation)', () => {
    const router = fakeRouter('/organiser/invitation?token=used-once', '/organiser');
    connectSession(router);
    sessionEvents.onPoliciesRequired();
    expect(router.sent).toEqual(['/terms?next=%2Forganiser']);
  });

  it('stays on the terms page when already there', () => {
    const router = fakeRouter('/terms?next=%2Forganiser');
    connectSession(router);
    sessionEvents.onPoliciesRequired();
    expect(router.sent).toEqual([]);
  });
});
