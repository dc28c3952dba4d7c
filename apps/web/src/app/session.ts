import { sessionEvents } from '../shared/api/session-events';
import { paths } from '../shared/config/paths';

interface Where {
  pathname: string;
  search: string;
}
interface Navigator {
  navigate(to: string, opts?: { replace?: boolean }): unknown;
  state: { location: Where; navigation: { location?: Where } };
}

/** Connects the API client's session events to the router. */
export function connectSession(router: Navigator): void {
  sessionEvents.onSessionEnd = () => {
    void import('../shared/api/query-client').then(({ queryClient }) => queryClient.clear());
    void router.navigate(paths.home.getHref(), { replace: true });
  };
  sessionEvents.onPoliciesRequired = () => {
    // during a navigation the page the user is going to is the one to come back to: a page that
    // signs a new account in and moves on (an accepted invitation) must not be shown again
    const { pathname, search } = router.state.navigation.location ?? router.state.location;
    if (pathname === paths.terms.path) return;
    void import('../shared/api/query-client').then(({ queryClient }) =>
      queryClient.invalidateQueries({ queryKey: ['user'] }),
    );
    void router.navigate(paths.terms.getHref(pathname + search));
  };
}
