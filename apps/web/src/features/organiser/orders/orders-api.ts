import type { OrderStatus, PaymentMethodId } from '@fotodrop/contract';
import { organiserOrderEndpoints as o } from '@fotodrop/contract/api/organiser-orders';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '../../../shared/api/client';

export const ORDERS_PAGE_SIZE = 25;

export interface OrderFilters {
  /** An e-mail (part of it) or an order number. */
  q: string;
  event: string;
  status: '' | OrderStatus;
  payment_method: '' | PaymentMethodId;
  from: string;
  to: string;
}

export const NO_FILTERS: OrderFilters = {
  q: '',
  event: '',
  status: '',
  payment_method: '',
  from: '',
  to: '',
};

export const orderKeys = {
  all: ['organiser', 'orders'] as const,
  list: (organisationId: number, filters: OrderFilters, page: number) =>
    ['organiser', 'orders', 'list', organisationId, filters, page] as const,
  detail: (id: number) => ['organiser', 'orders', 'detail', id] as const,
};

/** Only the filters that are set, as the query string carries them. */
function filterQuery(f: OrderFilters) {
  const q = f.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(f.event ? { event: f.event } : {}),
    ...(f.status ? { status: f.status } : {}),
    ...(f.payment_method ? { payment_method: f.payment_method } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
  };
}

/** GET /organiser/v1/orders/: one page of the organisation's orders, newest first. */
export function ordersPageQuery(organisationId: number, filters: OrderFilters, page: number) {
  return queryOptions({
    queryKey: orderKeys.list(organisationId, filters, page),
    queryFn: ({ signal }) =>
      callEndpoint(o.listOrders, {
        query: {
          organisation_id: organisationId,
          page,
          page_size: ORDERS_PAGE_SIZE,
          ...filterQuery(filters),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every matching order's lines as the accounting CSV. */
export const exportOrdersCsv = (organisationId: number, filters: OrderFilters) =>
  downloadEndpoint(o.listOrders, {
    query: { organisation_id: organisationId, format: 'csv', ...filterQuery(filters) },
  });

export function orderQuery(id: number) {
  return queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => callEndpoint(o.getOrder, { params: { id }, signal }),
  });
}

export const refundOrder = (id: number, body: { lines?: number[]; reason: string }) =>
  callEndpoint(o.refundOrder, { params: { id }, body });
export const markOrderPaid = (id: number) => callEndpoint(o.markOrderPaid, { params: { id } });
export const resendOrderEmail = (id: number) => callEndpoint(o.resendOrderEmail, { params: { id } });
export const releasePrints = (id: number) => callEndpoint(o.releasePrints, { params: { id } });
export const cancelPrints = (id: number, reason: string) =>
  callEndpoint(o.cancelPrints, { params: { id }, body: { reason } });
/** The lab package zip (print files, manifest, order sheet), saved as `order-<id>-lab.zip`. */
export const labPackageZip = (id: number) => downloadEndpoint(o.labPackageZip, { params: { id } });

export function orderSettingsQuery(organisationId: number) {
  return queryOptions({
    queryKey: ['organiser', 'order-settings', organisationId] as const,
    queryFn: ({ signal }) => callEndpoint(o.orderSettings, { params: { id: organisationId }, signal }),
  });
}
export const saveOrderSettings = (organisationId: number, printHoldHours: number) =>
  callEndpoint(o.updateOrderSettings, {
    params: { id: organisationId },
    body: { print_hold_hours: printHoldHours },
  });
