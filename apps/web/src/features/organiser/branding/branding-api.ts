import {
  type Branding,
  type BrandingImageKind,
  brandingEndpoints as b,
  type updateBrandingBodySchema,
} from '@fotodrop/contract/api/organisation-branding';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callEndpoint } from '../../../shared/api/client';

export const brandingKey = (organisationId: number) => ['organiser', 'branding', organisationId] as const;

/** GET …/organisations/{id}/branding/: the site's branding as the owner edits it. */
export function brandingQuery(organisationId: number) {
  return queryOptions({
    queryKey: brandingKey(organisationId),
    queryFn: ({ signal }) => callEndpoint(b.getBranding, { params: { id: organisationId }, signal }),
  });
}

export const saveBranding = (organisationId: number, body: z.input<typeof updateBrandingBodySchema>) =>
  callEndpoint(b.updateBranding, { params: { id: organisationId }, body });

export function uploadBrandingImage(organisationId: number, kind: BrandingImageKind, file: File) {
  const form = new FormData();
  form.set('file', file);
  return callEndpoint(b.uploadBrandingImage, { params: { id: organisationId, kind }, body: form });
}

export const removeBrandingImage = (organisationId: number, kind: BrandingImageKind): Promise<Branding> =>
  callEndpoint(b.removeBrandingImage, { params: { id: organisationId, kind } });
