import { STORAGE_KEYS as CONTRACT_KEYS } from '@fotodrop/contract/constants';

/**
 * Every key the web app writes to localStorage or sessionStorage, named once.
 * The contract names the ones the spec mentions; the rest are web-only.
 */
export const STORAGE_KEYS = {
  ...CONTRACT_KEYS,
  /** localStorage: preview state kept between the /preview link and the check-in (JSON). */
  preview: 'preview',
  /** localStorage: voucher code from the home page's ?voucher= parameter, redeemed at checkout. */
  voucher: 'voucher',
  /** sessionStorage: the campaign tags (utm_*, network) of the link this visit came by (JSON). */
  metricTags: 'metric_tags',
  /** sessionStorage: nonce and return path of a pending social login (JSON). */
  socialLogin: 'social_login_request',
  /** localStorage: the organisation the organiser console shows (an id; a person may be in several). */
  consoleOrganisation: 'console_organisation',
} as const;
