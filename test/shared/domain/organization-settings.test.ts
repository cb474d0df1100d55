import {
  isIanaTimeZone,
  mergeSettings,
  OrganizationSettingsPatchSchema,
  OrganizationSettingsSchema,
  readSettings,
} from '../../../shared/domain/organization-settings.ts';
import { DEFAULT_SETTINGS } from '../../helpers/organization-settings.ts';

const paths = (value: unknown) => {
  const result = OrganizationSettingsSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

describe('organization settings', () => {
  it('fills every field with its default', () => {
    expect(OrganizationSettingsSchema.parse({})).toEqual(DEFAULT_SETTINGS);
    expect(OrganizationSettingsSchema.parse({ notifications: { email: false } }).notifications).toEqual({
      ...DEFAULT_SETTINGS.notifications,
      email: false,
    });
  });

  it.each(['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Etc/GMT+5'])('accepts the IANA zone %s', (zone) => {
    expect(isIanaTimeZone(zone)).toBe(true);
  });

  it.each(['Mars/Olympus_Mons', '+01:00', '-0500', 'Europe/', '', 'europe paris', '../etc/passwd'])('refuses %p as a time zone', (zone) => {
    expect(isIanaTimeZone(zone)).toBe(false);
  });

  // Node's `Intl.supportedValuesOf` lists CLDR's `Asia/Calcutta` but not the IANA canonical `Asia/Kolkata`.
  it.each(['Asia/Kolkata', 'Asia/Calcutta', 'US/Eastern', 'Europe/Kiev', 'Europe/Kyiv', 'Australia/Lord_Howe', 'UTC'])(
    'a patch may set the zone %s, kept as given',
    (zone) => {
      expect(OrganizationSettingsPatchSchema.parse({ timezone: zone })).toEqual({ timezone: zone });
    },
  );

  it.each(['+01:00', 'Mars/Olympus_Mons', 'Europe/'])('a patch refuses %p as a zone', (zone) => {
    expect(OrganizationSettingsPatchSchema.safeParse({ timezone: zone }).success).toBe(false);
  });

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    [{ retention_days: 0 }, 'retention_days'],
    [{ retention_days: 3651 }, 'retention_days'],
    [{ retention_days: 30.5 }, 'retention_days'],
    [{ notifications: { min_severity: 'urgent' } }, 'notifications.min_severity'],
    [{ notifications: { email: 'yes' } }, 'notifications.email'],
    [{ default_incident_severity: 'sev1' }, 'default_incident_severity'],
    [{ auto_resolve_after_hours: 0 }, 'auto_resolve_after_hours'],
    [{ executions: { approval_separation_of_duties: 'yes' } }, 'executions.approval_separation_of_duties'],
  ])('refuses %j at %s', (value, path) => {
    expect(paths(value)).toEqual([path]);
  });

  it('accepts the bounds of retention_days', () => {
    expect(paths({ retention_days: 1 })).toEqual([]);
    expect(paths({ retention_days: 3650 })).toEqual([]);
  });

  it('refuses unknown keys in a patch, at any depth, and accepts a partial nested patch', () => {
    expect(OrganizationSettingsPatchSchema.safeParse({ time_zone: 'UTC' }).success).toBe(false);
    expect(OrganizationSettingsPatchSchema.safeParse({ notifications: { sms: true } }).success).toBe(false);
    expect(OrganizationSettingsPatchSchema.parse({ notifications: { email: false } })).toEqual({ notifications: { email: false } });
    // No defaults in a patch: what it leaves out must stay as stored.
    expect(OrganizationSettingsPatchSchema.parse({})).toEqual({});
  });

  it('merges objects key by key and replaces everything else', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, { notifications: { email: false }, retention_days: 30, auto_resolve_after_hours: null });
    expect(merged).toEqual({ ...DEFAULT_SETTINGS, notifications: { ...DEFAULT_SETTINGS.notifications, email: false }, retention_days: 30 });
    expect(mergeSettings({ a: [1, 2] }, { a: [3] })).toEqual({ a: [3] });
    expect(mergeSettings({ a: { b: 1 } }, { a: undefined })).toEqual({ a: { b: 1 } });
    // The inputs are left alone.
    expect(DEFAULT_SETTINGS.notifications.email).toBe(true);
  });

  it('reads stored settings, dropping a stored value that no longer validates to its default', () => {
    expect(readSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(readSettings({ retention_days: 90, timezone: 'Nowhere/Land', legacy: true })).toEqual({
      ...DEFAULT_SETTINGS,
      retention_days: 90,
    });
  });
});
