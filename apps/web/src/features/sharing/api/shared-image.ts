import { sharingEndpoints } from '@fotodrop/contract/api/sharing';
import { queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/client';
import { BadRequestError } from '../../../shared/api/errors';

export interface SharedLinkParams {
  userId: number;
  mediaId: number;
  securityHash: string;
}

/**
 * POST /v1/shared-image/: the shared medium and its event, or null when the link is not valid
 * (the server's 400, entry spec §8) — a state of the page, not an error.
 */
export function sharedImageQuery(link: SharedLinkParams) {
  return queryOptions({
    queryKey: ['shared-image', link.userId, link.mediaId, link.securityHash],
    queryFn: async ({ signal }) => {
      try {
        return await callEndpoint(sharingEndpoints.sharedImage, {
          body: { user_id: link.userId, media_id: link.mediaId, security_hash: link.securityHash },
          signal,
        });
      } catch (error) {
        if (error instanceof BadRequestError) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
