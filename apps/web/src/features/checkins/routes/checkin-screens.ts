/**
 * The feature's screens, each still its own chunk. The router reaches them through this small
 * module, so the home page's route table names one chunk here instead of every screen's files.
 */
export const checkinScreens = {
  checkins: () => import('./checkins'),
  checkinError: () => import('./checkin-error'),
  checkin: () => import('./checkin-detail'),
  galleryTree: () => import('./gallery-tree'),
  completeCheckin: () => import('./complete-checkin'),
  preview: () => import('./preview'),
};
