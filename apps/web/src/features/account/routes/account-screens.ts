/**
 * The profile screens, each its own chunk. The router reaches them through this small module, so
 * the home page's route table names one chunk here instead of every screen's files.
 */
export const accountScreens = {
  resume: () => import('./profile-resume'),
  privacy: () => import('./profile-privacy'),
  changePassword: () => import('./change-password'),
  orders: () => import('./orders'),
};
