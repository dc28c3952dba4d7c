/**
 * The feature's screens, each still its own chunk, reached by the router through this small
 * module: the home page's route table names one chunk here instead of three.
 */
export const termsScreens = {
  accept: () => import('./terms'),
  termsOfService: () => import('./terms-of-service'),
  privacyPolicy: () => import('./privacy-policy'),
};
