import type { MyOrganisation } from '@fotodrop/contract/api/organisations';
import type { OrganiserEvent, OrganiserMedia } from '@fotodrop/contract/api/organiser';

export function makeOrganiserEvent(overrides: Partial<OrganiserEvent> = {}): OrganiserEvent {
  return {
    id: 1,
    organisation_id: 34,
    status: 'published',
    slug: '5e1a0c3d',
    name: 'Lakeside City Marathon',
    start_date: '2026-05-10',
    end_date: '2026-05-10',
    galleries: [
      { id: 11, name: 'Start', parent_id: null },
      { id: 12, name: 'Course', parent_id: null },
      { id: 13, name: 'Km 10', parent_id: 12 },
      { id: 14, name: 'Finish', parent_id: null },
    ],
    media_counts: { processing: 0, ready: 0, failed: 0 },
    ...overrides,
  };
}

export function makeOrganiserMedia(overrides: Partial<OrganiserMedia> = {}): OrganiserMedia {
  const id = overrides.id ?? 1;
  return {
    id,
    type: 'photo',
    status: 'ready',
    error_reason: null,
    original_filename: `photo-${id}.jpg`,
    filename: `photo-${id}.jpg`,
    gallery_id: null,
    tags: [],
    bibs: [],
    created_at: '2026-05-10T09:00:00Z',
    thumbnail_url: `/api/media/${id}/thumb?exp=1&sig=x`,
    preview_url: `/api/media/${id}/preview-clean?exp=1&sig=x`,
    video_url: null,
    duration_seconds: null,
    uploaded_by: null,
    hidden: false,
    deleted: false,
    face_count: 0,
    poster_seconds: null,
    ...overrides,
  };
}

export function mediaPage(results: OrganiserMedia[], page = 1, total = results.length, pageSize = 24) {
  return {
    results,
    pagination: {
      total,
      num_pages: Math.max(1, Math.ceil(total / pageSize)),
      page_size: pageSize,
      page_number: page,
    },
  };
}

export function makeMyOrganisation(overrides: Partial<MyOrganisation> = {}): MyOrganisation {
  return {
    id: 34,
    name: 'Lakeside Runs',
    app_name: 'lakeside',
    country: 'IT',
    currency: 'EUR',
    created_at: '2026-01-05T09:00:00Z',
    role: 'owner',
    ...overrides,
  };
}
