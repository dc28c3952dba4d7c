import { organiserParticipantEndpoints as p } from '@fotodrop/contract/api/organiser-participants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '../../../shared/api/client';

export const CHECKINS_PAGE_SIZE = 50;
export const SUPPORT_PAGE_SIZE = 25;

export interface CheckinFilters {
  search: string;
  status: '' | 'pending' | 'complete';
}

export interface SupportFilters {
  search: string;
  /** An event's slug, or '' for all. */
  event: string;
}

export const participantKeys = {
  checkins: (slug: string, filters: CheckinFilters, page: number) =>
    ['organiser', 'checkins', slug, filters, page] as const,
  supportRequests: (organisationId: number, filters: SupportFilters, page: number) =>
    ['organiser', 'support-requests', organisationId, filters, page] as const,
};

/** GET /organiser/v1/events/{slug}/checkins/: one page of the event's albums, newest first. */
export function checkinsPageQuery(slug: string, filters: CheckinFilters, page: number) {
  return queryOptions({
    queryKey: participantKeys.checkins(slug, filters, page),
    queryFn: ({ signal }) =>
      callEndpoint(p.listCheckins, {
        params: { slug },
        query: {
          page,
          page_size: CHECKINS_PAGE_SIZE,
          ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
          ...(filters.status ? { status: filters.status } : {}),
        },
        signal,
      }),
    // the table keeps its rows while the next page or filter loads
    placeholderData: keepPreviousData,
  });
}

/** GET /organiser/v1/organisations/{id}/support-requests/: one page, newest first. */
export function supportRequestsPageQuery(organisationId: number, filters: SupportFilters, page: number) {
  return queryOptions({
    queryKey: participantKeys.supportRequests(organisationId, filters, page),
    queryFn: ({ signal }) =>
      callEndpoint(p.listSupportRequests, {
        params: { id: organisationId },
        query: {
          page,
          page_size: SUPPORT_PAGE_SIZE,
          ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
          ...(filters.event ? { event: filters.event } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The screenshot of a request: fetched with the Authorization header, shown from a blob URL. */
export function supportScreenshot(organisationId: number, requestId: number): Promise<Blob> {
  return downloadEndpoint(p.supportScreenshot, { params: { id: organisationId, request_id: requestId } });
}
