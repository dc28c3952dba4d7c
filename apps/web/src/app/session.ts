import { sessionEvents } from '../shared/api/session-events';
import { paths } from '../shared/config/paths';

interface Navigator {
  navigate(to: string, opts?: { replace?: boolean }): unknown;
  state: { location: { pathname: string; search: string } };
}

/** Connects the API client's session events to the router. */
export function connectSession(router: Navigator): void {
  sessionEvents.onSessionEnd = () => {
    void import('../shared/api/query-client').then(({ queryClient }) => queryClient.clear());
    void router.navigate(paths.home.getHref(), { replace: true });
  };
  sessionEvents.onPoliciesRequired = () => {
    const { pathname, search } = router.state.location;
    if (pathname === paths.terms.path) return;
    void import('../shared/api/query-client').then(({ queryClient }) =>
      queryClient.invalidateQueries({ queryKey: ['user'] }),
    );
    void router.navigate(paths.terms.getHref(pathname + search));
  };
}
