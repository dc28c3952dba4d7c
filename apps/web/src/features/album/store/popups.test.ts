import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { resetApp } from '../../../test/setup';
import { makeCheckin } from '../../checkins/test/fixtures';
import {
  cleanPopups,
  dismissFixed,
  markPopupViewed,
  shouldShowFixed,
  shouldShowWelcome,
  unsetPopups,
} from './popups';

beforeEach(() => {
  resetApp();
  cleanPopups();
});

const popup = { active: true, title: null, text: null };
const checkin = makeCheckin({ pica_service_id: 9, popup: { welcome: popup, fixed: popup } });

describe('the popup-viewed record', () => {
  it('shows the welcome popup once per photo service, saved in localStorage', () => {
    expect(shouldShowWelcome(checkin, useAppStore.getState().popupsViewed)).toBe(true);
    markPopupViewed('welcome', 9);
    expect(shouldShowWelcome(checkin, useAppStore.getState().popupsViewed)).toBe(false);
    expect(JSON.parse(localStorage.getItem('popups_viewed') ?? 'null')).toEqual({ welcome: [9], fixed: [] });
  });

  it('shows the fixed popup until dismissed', () => {
    expect(shouldShowFixed(checkin)).toBe(true);
    dismissFixed(9);
    expect(shouldShowFixed(checkin)).toBe(false);
    expect(useAppStore.getState().popupsViewed.fixed).toEqual([9]);
  });

  it('unset forgets the popups of one check-in; clean wipes the record', () => {
    markPopupViewed('welcome', 9);
    markPopupViewed('welcome', 4);
    dismissFixed(9);
    unsetPopups(9);
    expect(useAppStore.getState().popupsViewed).toEqual({ welcome: [4], fixed: [] });
    expect(shouldShowFixed(checkin)).toBe(true);
    cleanPopups();
    expect(JSON.parse(localStorage.getItem('popups_viewed') ?? 'null')).toEqual({ welcome: [], fixed: [] });
  });
});
