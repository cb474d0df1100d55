// Kept free of Node built-ins and I/O: schedules and organization settings validate zones with it.
import { IANAZone } from 'luxon';
import { z } from 'zod';

// `Intl` also accepts UTC offsets such as `+01:00`; only IANA names (and `UTC`) are zone values.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/**
 * Whether `value` is a time zone name the runtime's IANA database knows, canonical or alias
 * (`Asia/Kolkata` and `Asia/Calcutta`, `US/Eastern`). A list such as `Intl.supportedValuesOf`
 * holds one spelling per zone only, so membership in it would refuse valid names.
 */
export function isIanaTimeZone(value: string): boolean {
  return value.length <= 64 && IANA_NAME.test(value) && IANAZone.isValidZone(value);
}

export const TIME_ZONE_MESSAGE = 'must be an IANA time zone name, e.g. "Europe/Paris", "Asia/Kolkata" or "UTC"';

/** An IANA zone name, kept exactly as given. */
export const TimeZoneSchema = z
  .string()
  .max(64)
  .refine(isIanaTimeZone, { message: TIME_ZONE_MESSAGE })
  .describe('IANA time zone name (canonical or alias, e.g. `Asia/Kolkata`, `Asia/Calcutta`, `US/Eastern`), kept as given');
