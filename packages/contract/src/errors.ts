import { z } from 'zod';

/** Every error answer of the API has this shape. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Field errors carried in `data.fields` of a `validation_error`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const ErrorCode = {
  validation: 'validation_error',
  notFound: 'not_found',
  unauthorized: 'not_authenticated',
  tokenExpired: 'token_expired',
  forbidden: 'permission_denied',
  policiesNotAccepted: 'policies_not_accepted',
  rateLimited: 'too_many_attempts',
  invalidCredentials: 'invalid_credentials',
  emailTaken: 'email_taken',
  wrongPassword: 'wrong_password',
  invalidResetLink: 'invalid_reset_link',
  invalidExternalToken: 'invalid_external_token',
  providerNotConfigured: 'provider_not_configured',
  checkinExistsForUser: 'checkin_exists_for_user',
  invalidPicacode: 'invalid_picacode',
  /** The code's event is a draft: its albums open once the organiser publishes it (issue 18). */
  eventNotOpen: 'event_not_open',
  /** A check-in step is still outstanding: complete it with its token first. */
  stepRequired: 'checkin_step_required',
  invalidCompleteToken: 'invalid_complete_token',
  albumInCart: 'album_in_cart',
  /** The cart holds media of another currency (albums spec §5): finish that order first. */
  currencyMismatch: 'currency_mismatch',
  /** The agency set no price for these media, or the album does not sell them now. */
  notForSale: 'not_for_sale',
  /** A digital item's photos are used by print products in the cart. */
  itemUsedInPrint: 'item_used_in_print',
  /** The user bought these media (or this package) already. */
  alreadyBought: 'already_bought',
  /** The payment provider refused the payment; `message` is the provider's (payment-error modal). */
  paymentFailed: 'payment_failed',
  /** Another payment of the user is still being processed by its provider. */
  paymentInProgress: 'payment_in_progress',
  /** Print items cannot be shipped to the chosen country (no shipping rate for it). */
  noDelivery: 'no_delivery',
  /** The order cannot change state this way (e.g. marking a card order paid). */
  orderState: 'order_state',
  /** The order's lab package is not made yet (payment, review hold or the job still to come): 409. */
  labPackageNotReady: 'lab_package_not_ready',
  /** HD originals of the album are not downloadable now (before the album's HD date, or after its end). */
  hdNotAvailable: 'hd_not_available',
  /** An album zip was asked for, but the user bought nothing of the album. */
  nothingPurchased: 'nothing_purchased',
  /** The photobook offer link is forged, or its offer is over ("no longer available for sale"). */
  photobookOfferUnavailable: 'photobook_offer_unavailable',
  /** The selfie shows no face ("place the face in the centre"); `data.reason` says which rule failed. */
  selfieRejected: 'selfie_rejected',
  /** This album's event does not search by face (its check-in mode is not face-checkin). */
  faceSearchUnavailable: 'face_search_unavailable',
  /** Add a selfie first: the album has none to search with. */
  selfieRequired: 'selfie_required',
  /** Anonymous mode cannot change this way now (already on, already off, or still processing). */
  anonymizationState: 'anonymization_state',
  /** A shared-media link that is forged, or whose medium is no longer shared (400, entry spec §8). */
  invalidSharedLink: 'invalid_shared_link',
  /** An impersonated session may not pay, change the password, delete the account or give consent. */
  impersonationForbidden: 'impersonation_forbidden',
  /** Removing or demoting an organisation's last owner (409, issue 18). */
  lastOwner: 'last_owner',
  /** Inviting someone who is a member already (409): change their role instead. */
  alreadyMember: 'already_member',
  /** An album code import refused as a whole; `data.rows` lists every refused row (issue 18). */
  importRefused: 'import_refused',
  /** More QR cards asked for than one PDF holds (issue 18). */
  tooManyCards: 'too_many_cards',
  /** A setting that cannot change any more, `data.setting` names it (the currency once sold; 409). */
  settingLocked: 'setting_locked',
  /** A gallery still holds media or sub-galleries: move them or name where they go (409). */
  galleryNotEmpty: 'gallery_not_empty',
  /** An invitation link that was never issued (404, its lookup). */
  invitationNotFound: 'invitation_not_found',
  /** An invitation accepted already (410, its lookup): the link works once. */
  invitationUsed: 'invitation_used',
  /** An invitation past its end (410, its lookup): the owner sends a new one. */
  invitationExpired: 'invitation_expired',
  /** A voucher or campaign code that is in use already, anywhere on the platform (409, issue 19). */
  codeTaken: 'code_taken',
  /** The payment provider refused or did not answer a refund (502, issue 19): the order is unchanged. */
  refundFailed: 'refund_failed',
  /** A refund of these lines is already done or under way (409, issue 19). */
  alreadyRefunded: 'already_refunded',
  /**
   * The bank account cannot be removed while events offer bank transfer (409, issue 19);
   * `data.events` names them (`slug`, `name`).
   */
  bankAccountInUse: 'bank_account_in_use',
  /** A download link whose buyer no longer holds the medium (its line was refunded; 403, issue 19). */
  downloadNotAllowed: 'download_not_allowed',
  /**
   * Find by bib (issue 20): no runner of the event has this bib and last name. One answer for an
   * unknown bib, a bib without a runner and a wrong name, so it never tells that a bib exists.
   */
  runnerNotFound: 'runner_not_found',
  /** The event does not let runners find their album by bib (its organiser's switch is off; 403). */
  findByBibOff: 'find_by_bib_off',
  serverError: 'server_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
