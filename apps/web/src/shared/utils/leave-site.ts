/**
 * Sends the browser to another site (an organiser's form, an SSO page, a live gallery). An object,
 * so tests can replace `assign`: jsdom cannot navigate and its `location` cannot be stubbed.
 */
export const leaveSite = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
