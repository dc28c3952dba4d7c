/**
 * The feature's screens, each still its own chunk. The router reaches them through this small
 * module, so the home page's route table names one chunk here instead of every screen's files.
 */
export const eventScreens = {
  eventHome: () => import('./event-home'),
  live: () => import('./live'),
  /** Not a route module: the router puts the calendar over the home page. */
  calendar: () => import('./events'),
};
