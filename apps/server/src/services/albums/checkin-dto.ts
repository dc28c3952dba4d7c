import type { Checkin, CheckinListItem, EventInfo } from '@fotodrop/contract';
import type { CheckinWithContext, MediaSummary } from '../../repositories/checkins.repository';
import type { PhotoServiceRow } from '../../repositories/photo-services.repository';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toEventInfo(service: PhotoServiceRow, eventWideCode: string | null): EventInfo {
  return {
    id: service.id,
    slug: service.slug,
    name: service.name,
    description: service.description,
    start_date: service.startDate,
    end_date: service.endDate,
    location: service.location,
    cover_url: service.coverUrl,
    experience_type: service.experienceType,
    checkin_mode: service.checkinMode,
    picacode: eventWideCode,
    currency: service.currency,
    find_by_bib: service.findByBib,
  };
}

export function toCheckinDto(
  { checkin, picacode, service }: CheckinWithContext,
  extras: { summary?: MediaSummary; expandService?: { name: string; logo_url: string | null } } = {},
): Checkin {
  return {
    id: checkin.id,
    picacode: picacode.code,
    event_name: service.name,
    event: {
      id: service.id,
      slug: service.slug,
      name: service.name,
      start_date: service.startDate,
      end_date: service.endDate,
      experience_type: service.experienceType,
      checkin_mode: service.checkinMode,
    },
    pica_service_id: service.id,
    ...(extras.expandService ? { pica_service: { id: service.id, ...extras.expandService } } : {}),
    ...(extras.summary ? { photos_summary: { ...extras.summary, purchased: 0, favourites: 0 } } : {}),
    banner: service.banner,
    popup: { welcome: service.welcomePopup, fixed: service.fixedPopup },
    is_promo: service.isPromo,
    is_tagging_completed: service.isTaggingCompleted,
    hd_serving_type: service.hdServingType,
    share_mode: service.shareMode,
    zoom_mode: service.zoomMode,
    photo_display_type: service.photoDisplayType,
    counter_type: service.counterType,
    share_with_friends: service.shareWithFriends,
    use_pica_for_your_event: service.usePicaForYourEvent,
    hd_available_from: iso(service.hdAvailableFrom),
    hd_available_to: iso(service.hdAvailableTo),
    media_available_to: iso(service.mediaAvailableTo),
    media_deleted: service.mediaDeleted,
    last_stay_deletion_date: service.lastStayDeletionDate,
    can_purchase_during_stay: service.canPurchaseDuringStay,
    show_prices: service.showPrices,
    can_see_media: service.canSeeMedia,
    currency: service.currency,
    show_all_event_photos: service.showAllEventPhotos,
    platform: 'site',
    source: checkin.source,
    tags: checkin.tags,
    option: checkin.option,
    domain: checkin.domain,
    face_inference_status: checkin.faceInferenceStatus,
    anonymization: { state: checkin.anonymizationState, kind: checkin.anonymizationKind },
    start_of_stay: checkin.startOfStay ?? picacode.startOfStay,
    end_of_stay: checkin.endOfStay ?? picacode.endOfStay,
    created_at: checkin.createdAt.toISOString(),
  };
}

export function toCheckinListItem(
  row: CheckinWithContext & { summary: MediaSummary; coverIds: number[] },
  thumbnailUrl: (mediaId: number) => string,
): CheckinListItem {
  return {
    id: row.checkin.id,
    picacode: row.picacode.code,
    event_name: row.service.name,
    event_date: row.service.startDate,
    media_count: row.summary.total,
    photos: row.coverIds.map((id) => ({ id, thumbnail_url: thumbnailUrl(id) })),
    created_at: row.checkin.createdAt.toISOString(),
  };
}
