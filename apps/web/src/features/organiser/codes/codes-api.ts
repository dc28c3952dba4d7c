import { organiserCodeEndpoints as c } from '@fotodrop/contract/api/organiser-codes';
import { organiserEventEndpoints as e } from '@fotodrop/contract/api/organiser-events';
import type { Language } from '@fotodrop/contract/languages';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint, downloadEndpoint } from '../../../shared/api/client';

/** The list's filters, also applied to the CSV export and the cards. */
export interface CodeFilters {
  search: string;
  /** Revoked codes are listed too (the export and the cards follow the list). */
  showRevoked: boolean;
}

export const CODES_PAGE_SIZE = 50;

export const codesKeys = {
  event: (slug: string) => ['organiser', 'event', slug] as const,
  galleries: (slug: string) => ['organiser', 'event', slug, 'galleries'] as const,
  codes: (slug: string) => ['organiser', 'codes', slug] as const,
  page: (slug: string, filters: CodeFilters, page: number) =>
    ['organiser', 'codes', slug, filters, page] as const,
};

/** The filters as the API reads them: without "show revoked" only the valid codes. */
export function filterQuery({ search, showRevoked }: CodeFilters) {
  return {
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(showRevoked ? {} : { revoked: 'false' as const }),
  };
}

/** GET /organiser/v1/events/{slug}/: the event (its name and organisation, for the caller's role). */
export function consoleEventQuery(slug: string) {
  return queryOptions({
    queryKey: codesKeys.event(slug),
    queryFn: ({ signal }) => callEndpoint(e.getEvent, { params: { slug }, signal }),
  });
}

/** GET …/galleries/: the galleries a code may be limited to. */
export function galleriesQuery(slug: string) {
  return queryOptions({
    queryKey: codesKeys.galleries(slug),
    queryFn: ({ signal }) => callEndpoint(e.listGalleries, { params: { slug }, signal }),
  });
}

/** GET …/codes/: one page of the filtered list, newest first. */
export function codesPageQuery(slug: string, filters: CodeFilters, page: number) {
  return queryOptions({
    queryKey: codesKeys.page(slug, filters, page),
    queryFn: ({ signal }) =>
      callEndpoint(c.listCodes, {
        params: { slug },
        query: { page, page_size: CODES_PAGE_SIZE, format: 'json', ...filterQuery(filters) },
        signal,
      }),
    // the table keeps its rows while the next page or filter loads
    placeholderData: keepPreviousData,
  });
}

export interface GenerateInput {
  count: number;
  gallery_ids?: number[];
  tags?: string[];
  label?: string;
}

export const generateCodes = (slug: string, body: GenerateInput) =>
  callEndpoint(c.generateCodes, { params: { slug }, body });

export const importCodes = (slug: string, csv: string) =>
  callEndpoint(c.importCodes, { params: { slug }, body: csv });

export const revokeCode = (slug: string, code: string) =>
  callEndpoint(c.revokeCode, { params: { slug, code } });

/** The whole filtered list as a CSV file. */
export const exportCodesCsv = (slug: string, filters: CodeFilters) =>
  downloadEndpoint(c.listCodes, {
    params: { slug },
    query: { format: 'csv', ...filterQuery(filters) },
  });

/** The valid codes of the filter as QR cards: A6 one per page, or eight per A4 sheet. */
/** The cards as a PDF; without `language` they speak the organisation's country's language. */
export const codeCardsPdf = (slug: string, filters: CodeFilters, layout: 'a6' | 'a4', language?: Language) =>
  downloadEndpoint(c.codeCards, {
    params: { slug },
    // the server prints valid codes only, whatever the revoked toggle
    query: {
      layout,
      ...(language ? { lang: language } : {}),
      ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    },
  });

/** Hands a downloaded file to the browser as a saved file. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has handed the file over; revoking later lets slow browsers start the download
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
