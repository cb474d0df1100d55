import { FIRST_LEVEL_DUE_MS, firstLevelDue } from '../../../worker/outbox/first-level.ts';

const BEGAN = Date.parse('2026-11-29T10:00:00Z');

describe('firstLevelDue: a cycle the relay meets as it begins has its level 1 due', () => {
  it.each([
    ['met at once', BEGAN, true],
    ['met 200 ms later', BEGAN + 200, true],
    ['met just inside the minute', BEGAN + FIRST_LEVEL_DUE_MS - 1, true],
    ['met a minute later (an outage)', BEGAN + FIRST_LEVEL_DUE_MS, false],
    ['met an hour later', BEGAN + 3_600_000, false],
    ['the database clock ahead of the worker', BEGAN - 500, true],
  ])('%s', (_name, now, due) => {
    expect(firstLevelDue(BEGAN, now)).toBe(due);
  });
});
