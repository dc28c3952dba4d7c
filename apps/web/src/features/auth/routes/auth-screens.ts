/**
 * The sign-in screens, each its own chunk. The router reaches them through this small module, so
 * the home page's route table names one chunk here instead of every screen's files.
 */
export const authScreens = {
  autologin: () => import('./autologin'),
  sso: () => import('./sso'),
  login: () => import('./login'),
  signup: () => import('./signup'),
  resetPassword: () => import('./reset-password'),
  invitation: () => import('./invitation'),
};
