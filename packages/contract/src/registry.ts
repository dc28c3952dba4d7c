import { accountEndpoints } from './api/accounts';
import { cartEndpoints } from './api/cart';
import { checkinEndpoints } from './api/checkins';
import { configEndpoints } from './api/config';
import { eventEndpoints } from './api/events';
import { faceEndpoints } from './api/faces';
import { galleryEndpoints } from './api/galleries';
import { impersonationEndpoints } from './api/impersonation';
import { mediaEndpoints } from './api/media';
import { metricEndpoints } from './api/metrics';
import { orderEndpoints } from './api/orders';
import { brandingEndpoints } from './api/organisation-branding';
import { organisationEndpoints } from './api/organisations';
import { organiserEndpoints } from './api/organiser';
import { organiserBibEndpoints } from './api/organiser-bibs';
import { organiserCodeEndpoints } from './api/organiser-codes';
import { organiserDashboardEndpoints } from './api/organiser-dashboard';
import { organiserEventEndpoints } from './api/organiser-events';
import { organiserMediaManageEndpoints } from './api/organiser-media';
import { organiserOrderEndpoints } from './api/organiser-orders';
import { organiserParticipantEndpoints } from './api/organiser-participants';
import { organiserPaymentEndpoints } from './api/organiser-payments';
import { organiserPriceEndpoints } from './api/organiser-prices';
import { organiserProgressEndpoints } from './api/organiser-progress';
import { organiserRunnerEndpoints } from './api/organiser-runners';
import { organiserUploadEndpoints } from './api/organiser-uploads';
import { organiserVoucherEndpoints } from './api/organiser-vouchers';
import { paymentMethodEndpoints } from './api/payment-methods';
import { photobookEndpoints } from './api/photobook';
import { printEndpoints } from './api/print';
import { sharingEndpoints } from './api/sharing';
import { supportEndpoints } from './api/support';
import type { Endpoint } from './endpoint';

/** Every API operation of both specs, by area. The OpenAPI document is generated from this. */
export const apiGroups = {
  accounts: accountEndpoints,
  config: configEndpoints,
  events: eventEndpoints,
  checkins: checkinEndpoints,
  faces: faceEndpoints,
  galleries: galleryEndpoints,
  media: mediaEndpoints,
  cart: cartEndpoints,
  orders: orderEndpoints,
  paymentMethods: paymentMethodEndpoints,
  print: printEndpoints,
  photobook: photobookEndpoints,
  support: supportEndpoints,
  sharing: sharingEndpoints,
  impersonation: impersonationEndpoints,
  metrics: metricEndpoints,
  organiser: organiserEndpoints,
  organiserEvents: organiserEventEndpoints,
  organiserUploads: organiserUploadEndpoints,
  organisations: organisationEndpoints,
  branding: brandingEndpoints,
  organiserCodes: organiserCodeEndpoints,
  organiserMediaManage: organiserMediaManageEndpoints,
  organiserParticipants: organiserParticipantEndpoints,
  organiserProgress: organiserProgressEndpoints,
  organiserPrices: organiserPriceEndpoints,
  organiserVouchers: organiserVoucherEndpoints,
  organiserPayments: organiserPaymentEndpoints,
  organiserOrders: organiserOrderEndpoints,
  organiserDashboard: organiserDashboardEndpoints,
  organiserRunners: organiserRunnerEndpoints,
  organiserBibs: organiserBibEndpoints,
} satisfies Record<string, Record<string, Endpoint>>;

export const allEndpoints: Endpoint[] = Object.values(apiGroups).flatMap((group) => Object.values(group));
