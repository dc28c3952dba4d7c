import type { ConsoleEvent, ConsoleGallery } from '@fotodrop/contract/api/organiser-events';

/** An event as GET /organiser/v1/events/{slug}/ answers it, with the participant side's defaults. */
export function makeConsoleEvent(overrides: Partial<ConsoleEvent> = {}): ConsoleEvent {
  return {
    id: 1,
    organisation_id: 34,
    slug: '5e1a0c3d',
    name: 'Lakeside City Marathon',
    kind: 'event',
    description: null,
    location: null,
    cover_url: null,
    start_date: '2026-05-10',
    end_date: '2026-05-10',
    time_zone: 'Europe/Rome',
    currency: 'EUR',
    checkin_mode: 'none',
    status: 'draft',
    show_in_calendar: true,
    live_from: null,
    live_to: null,
    banner: null,
    welcome_popup: { active: false, title: null, text: null },
    fixed_popup: { active: false, title: null, text: null },
    is_promo: false,
    is_tagging_completed: true,
    hd_serving_type: 'immediate',
    share_mode: 's',
    zoom_mode: 's',
    photo_display_type: 'p',
    counter_type: 'number',
    share_with_friends: true,
    use_pica_for_your_event: false,
    hd_available_from: null,
    hd_available_to: null,
    media_available_to: null,
    media_deleted: false,
    last_stay_deletion_date: null,
    can_purchase_during_stay: true,
    show_prices: true,
    can_see_media: true,
    show_all_event_photos: false,
    find_by_bib: false,
    data_collector_fields: null,
    data_collector_form_url: null,
    options: null,
    step_privacy: null,
    photographer_member_ids: [],
    locked: [],
    locked_reasons: {},
    created_at: '2026-04-01T10:00:00Z',
    ...overrides,
  };
}

export function makeConsoleGallery(
  overrides: Partial<ConsoleGallery> & { id: number; name: string },
): ConsoleGallery {
  return { parent_id: null, layout: 'h', position: 0, media_count: 0, ...overrides };
}
