import { isoTimestamp, isoTimestampOrNull } from '../../../shared/db/sql-timestamp.ts';

describe('isoTimestamp', () => {
  it.each([
    ['2026-12-01 13:56:39.123456+00', '2026-12-01T13:56:39.123Z'],
    ['2026-12-01 13:56:39.999999+00', '2026-12-01T13:56:39.999Z'],
    ['2026-12-01 13:56:39.5+00', '2026-12-01T13:56:39.500Z'],
    ['2026-12-01 13:56:39+00', '2026-12-01T13:56:39.000Z'],
    ['2026-12-01T13:56:39.123456+00:00', '2026-12-01T13:56:39.123Z'],
    ['2026-12-01T13:56:39.123Z', '2026-12-01T13:56:39.123Z'],
    ['0999-01-01 00:00:00+00', '0999-01-01T00:00:00.000Z'],
    // Not UTC text: through Date, as before.
    ['2026-12-01 13:56:39.123456+02', '2026-12-01T11:56:39.123Z'],
    ['2026-12-01 13:56:39-05:30', '2026-12-01T19:26:39.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(isoTimestamp(text)).toBe(iso);
  });

  it('writes what Date writes for every UTC text PostgreSQL returns', () => {
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    let seed = 7;
    const next = (range: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % range;
    };
    for (let index = 0; index < 2_000; index++) {
      const at = new Date(Date.UTC(1970 + next(80), next(12), 1 + next(28), next(24), next(60), next(60), next(1000)));
      const micros = next(6) === 0 ? '' : `.${pad(at.getUTCMilliseconds(), 3)}${pad(next(1000), 3)}`.slice(0, 2 + next(6));
      const date = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
      const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}${micros}`;
      for (const text of [`${date} ${time}+00`, `${date}T${time}+00:00`]) expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    }
  });

  it('takes Dates and nulls', () => {
    expect(isoTimestamp(new Date(Date.UTC(2026, 11, 1, 1, 2, 3, 4)))).toBe('2026-12-01T01:02:03.004Z');
    expect(isoTimestampOrNull(null)).toBeNull();
    expect(isoTimestampOrNull('2026-12-01 13:56:39+00')).toBe('2026-12-01T13:56:39.000Z');
  });
});
