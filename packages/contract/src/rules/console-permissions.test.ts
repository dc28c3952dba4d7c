import { describe, expect, it } from 'vitest';
import { ORGANISATION_ROLES } from '../api/organisations';
import { CONSOLE_ACTIONS, roleIsEventBound, roleMay } from './console-permissions';

describe('console permissions', () => {
  it('gives the owner every action and nobody else the team, branding or selling', () => {
    for (const action of CONSOLE_ACTIONS) expect(roleMay('owner', action)).toBe(true);
    for (const role of ORGANISATION_ROLES.filter((r) => r !== 'owner')) {
      for (const action of ['team.manage', 'branding.manage', 'selling.manage'] as const) {
        expect(roleMay(role, action)).toBe(false);
      }
    }
  });

  it('lets managers run events but keeps photographers and support from changing anything', () => {
    expect(roleMay('manager', 'events.manage')).toBe(true);
    expect(roleMay('manager', 'codes.manage')).toBe(true);
    expect(roleMay('manager', 'media.manage')).toBe(true);
    for (const role of ['photographer', 'support'] as const) {
      for (const action of ['events.manage', 'codes.manage', 'media.manage'] as const) {
        expect(roleMay(role, action)).toBe(false);
      }
    }
    expect(roleMay('photographer', 'media.upload')).toBe(true);
    expect(roleMay('support', 'media.upload')).toBe(false);
    expect(roleMay('support', 'orders.read')).toBe(true);
    expect(roleMay('photographer', 'orders.read')).toBe(false);
  });

  it('lets owners and managers move money on orders, support only read them', () => {
    expect(roleMay('owner', 'orders.manage')).toBe(true);
    expect(roleMay('manager', 'orders.manage')).toBe(true);
    expect(roleMay('support', 'orders.manage')).toBe(false);
    expect(roleMay('photographer', 'orders.manage')).toBe(false);
    expect(roleMay('manager', 'selling.manage')).toBe(false);
  });

  it('binds only photographers to their assigned events', () => {
    expect(ORGANISATION_ROLES.filter(roleIsEventBound)).toEqual(['photographer']);
  });
});
