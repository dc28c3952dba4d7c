/**
 * The edition of the terms of service and the privacy policy the web app shows (their text lives
 * in apps/web/src/features/terms/documents). The server's REQUIRED_POLICIES_VERSION defaults to
 * it: publishing a new edition means raising both, so every user accepts the text they can read.
 */
export const POLICIES_VERSION = 1;
/** The day this edition came into force (YYYY-MM-DD). */
export const POLICIES_DATE = '2026-11-23';
/** Where people write about their account, their data and these policies. */
export const LEGAL_CONTACT_EMAIL = 'privacy@fotodrop.example';
