/**
 * What the app does when the API client ends a session (401) or a call needs the policies
 * accepted (403 policies_not_accepted). The app connects these to its router (app/session.ts);
 * kept apart from the client so the router does not pull the client into the home page.
 */
export const sessionEvents = {
  /** After a 401 cleared the session: take the user to the home route. */
  onSessionEnd: (): void => {},
  /** After a 403 policies_not_accepted: take the user to /terms?next=<here>. */
  onPoliciesRequired: (): void => {},
};
