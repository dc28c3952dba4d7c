import type {
  Checkin,
  CheckinListItem,
  CheckinStepResponse,
  PreviewResponse,
} from '@fotodrop/contract/api/checkin-schemas';

/** An album as GET /v3/checkins/by-code/{code}/ answers it; overrides in one line. */
export function makeCheckin(overrides: Partial<Checkin> = {}): Checkin {
  return {
    id: 41,
    picacode: 'K7M2Q9P',
    event_name: 'Alpine Marathon 2026',
    event: {
      id: 9,
      slug: '0a1b2c3d',
      name: 'Alpine Marathon 2026',
      start_date: '2026-05-10',
      end_date: '2026-05-11',
      experience_type: 'event',
      checkin_mode: 'none',
    },
    pica_service_id: 3,
    pica_service: { id: 3, name: 'Alpine Photo', logo_url: null },
    photos_summary: { total: 128, photos: 120, videos: 8, purchased: 5, favourites: 2 },
    banner: null,
    popup: {
      welcome: { active: false, title: null, text: null },
      fixed: { active: false, title: null, text: null },
    },
    is_promo: false,
    is_tagging_completed: true,
    hd_serving_type: 'immediate',
    share_mode: 's',
    zoom_mode: 's',
    photo_display_type: 'p',
    counter_type: 'infinite',
    share_with_friends: false,
    use_pica_for_your_event: false,
    hd_available_from: null,
    hd_available_to: null,
    media_available_to: null,
    media_deleted: false,
    last_stay_deletion_date: null,
    can_purchase_during_stay: true,
    show_prices: true,
    can_see_media: true,
    currency: 'EUR',
    show_all_event_photos: false,
    platform: 'site',
    source: null,
    tags: [],
    option: null,
    domain: null,
    face_inference_status: 'not_started',
    anonymization: { state: 'off', kind: null },
    start_of_stay: null,
    end_of_stay: null,
    created_at: '2026-05-12T08:00:00Z',
    ...overrides,
  };
}

export function makeListItem(n: number, overrides: Partial<CheckinListItem> = {}): CheckinListItem {
  return {
    id: 100 + n,
    picacode: `ALB${String(n).padStart(4, '0')}`,
    event_name: `Event number ${n}`,
    event_date: '2026-04-01',
    media_count: n,
    photos: [],
    created_at: '2026-04-02T08:00:00Z',
    ...overrides,
  };
}

/** One page of GET /v3/checkins/ (page size 12). */
export function listPage(items: CheckinListItem[], page: number, total: number) {
  return {
    results: items,
    pagination: { total, num_pages: Math.max(1, Math.ceil(total / 12)), page_size: 12, page_number: page },
  };
}

export function makeStep(overrides: Partial<CheckinStepResponse> = {}): CheckinStepResponse {
  return {
    id: 41,
    complete_token: 'ct-41',
    checkin_step: 'option_selector',
    form_url: null,
    privacy: null,
    options: [],
    fields: [],
    ...overrides,
  };
}

export function makePreview(overrides: Partial<PreviewResponse> = {}): PreviewResponse {
  return {
    picacode: 'K7M2Q9P',
    source: 'newsletter',
    tags: ['spring'],
    disable_social_login: false,
    start_of_stay: null,
    end_of_stay: null,
    campaign_code: null,
    campaign_expires_at: null,
    sso_url: null,
    photos: [
      { id: 1, thumbnail_url: 'https://cdn.example/1.jpg' },
      { id: 2, thumbnail_url: 'https://cdn.example/2.jpg' },
    ],
    event_name: 'Alpine Marathon 2026',
    experience_type: 'event',
    pica_service_id: 3,
    ...overrides,
  };
}
