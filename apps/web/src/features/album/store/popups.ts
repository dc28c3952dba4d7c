import type { Checkin } from '@fotodrop/contract/api/checkin-schemas';
import { type PopupsViewed, useAppStore } from '../../../shared/store/app-store';

/**
 * The popup-viewed record (albums spec §3, §4): photo-service ids per popup type, kept in
 * localStorage (STORAGE_KEYS.popupsViewed) by the app store. Kept here rather than as store
 * actions, so the home page's chunk, which holds the store, does not grow.
 */

export type PopupKind = keyof PopupsViewed;

/** Fixed popups dismissed in this session (they come back on the next visit). */
const dismissedFixed = new Set<number>();

export function markPopupViewed(kind: PopupKind, serviceId: number): void {
  useAppStore.getState().markPopupViewed(kind, serviceId);
}

/** "unset": forgets the popups of the current check-in, so they show again. */
export function unsetPopups(serviceId: number): void {
  dismissedFixed.delete(serviceId);
  useAppStore.setState((s) => ({
    popupsViewed: {
      welcome: s.popupsViewed.welcome.filter((id) => id !== serviceId),
      fixed: s.popupsViewed.fixed.filter((id) => id !== serviceId),
    },
  }));
}

/** "clean": wipes the whole record. */
export function cleanPopups(): void {
  dismissedFixed.clear();
  useAppStore.setState({ popupsViewed: { welcome: [], fixed: [] } });
}

/** The welcome popup shows once per photo service. */
export function shouldShowWelcome(checkin: Checkin, viewed: PopupsViewed): boolean {
  return checkin.popup.welcome.active && !viewed.welcome.includes(checkin.pica_service_id);
}

/** The fixed popup shows on every visit until it is dismissed in this session. */
export function shouldShowFixed(checkin: Checkin): boolean {
  return checkin.popup.fixed.active && !dismissedFixed.has(checkin.pica_service_id);
}

export function dismissFixed(serviceId: number): void {
  dismissedFixed.add(serviceId);
  markPopupViewed('fixed', serviceId);
}
