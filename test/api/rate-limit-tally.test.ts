import {
  countHit,
  isFresh,
  newTally,
  selectForFlush,
  settleRow,
  takeRows,
  tallyCount,
  tallyKey,
  type Tally,
} from '../../api/services/rate-limit-tally.ts';

const tally = (fields: Partial<Tally> = {}): Tally => ({ ...newTally('user:1', 3600), ...fields });

describe('rate-limit tallies', () => {
  test.each<[string, Partial<Tally>, number]>([
    ['nothing counted', {}, 0],
    ["the table's count only", { shared: 5 }, 5],
    ['plus what is in flight and what is not sent yet', { shared: 5, inFlight: 2, local: 3 }, 10],
  ])('counts %s', (_name, fields, count) => {
    expect(tallyCount(tally(fields))).toBe(count);
  });

  test.each<[string, number, number, boolean]>([
    ['never read', -Infinity, 0, false],
    ['read just now', 1000, 1000, true],
    ['read exactly 2F ago', 1000, 1500, true],
    ['read longer ago', 1000, 1501, false],
  ])('a tally %s is fresh: %s', (_name, refreshedAt, now, fresh) => {
    expect(isFresh(tally({ refreshedAt }), now, 500)).toBe(fresh);
  });

  it("moves counted requests in flight, then into the shared count with the table's answer", () => {
    const counted = tally({ shared: 4 });
    countHit(counted, 100);
    countHit(counted, 120);
    const [row] = takeRows([counted]);
    expect(row.delta).toBe(2);
    expect(counted).toMatchObject({ local: 0, inFlight: 2, lastHitAt: 120 });
    countHit(counted, 130);
    expect(tallyCount(counted)).toBe(7);
    // Another process added 10 meanwhile: the table answers 4 + 2 + 10.
    settleRow(row, 16, 125);
    expect(counted).toMatchObject({ shared: 16, inFlight: 0, local: 1, refreshedAt: 125 });
    expect(tallyCount(counted)).toBe(17);
  });

  it("counts a webhook payload's alerts as that many units, sent as one delta", () => {
    const counted = newTally('webhook:integration', 0);
    countHit(counted, 100);
    countHit(counted, 100, 249);
    expect(tallyCount(counted)).toBe(250);
    expect(takeRows([counted])).toEqual([{ tally: counted, delta: 250 }]);
  });

  it("sends a failed flush's delta again and keeps the older read", () => {
    const counted = tally({ shared: 4, refreshedAt: 50 });
    countHit(counted, 100);
    const [row] = takeRows([counted]);
    settleRow(row, undefined, 100);
    expect(counted).toMatchObject({ shared: 4, inFlight: 0, local: 1, refreshedAt: 50 });
  });

  it('never lets an older answer lower the shared count', () => {
    const counted = tally({ shared: 20, refreshedAt: 200 });
    settleRow({ tally: counted, delta: 0 }, 12, 100);
    expect(counted).toMatchObject({ shared: 20, refreshedAt: 200 });
  });

  test.each<[string, Partial<Tally>, 'sent with its delta' | 'read back' | 'kept, not sent' | 'dropped']>([
    ['with unsent requests', { local: 2, lastHitAt: 0 }, 'sent with its delta'],
    ['hit lately without unsent requests', { lastHitAt: 9_000 }, 'read back'],
    ['idle but with a flush in flight', { inFlight: 1, lastHitAt: 0 }, 'kept, not sent'],
    ['idle', { lastHitAt: 0 }, 'dropped'],
    ['of a finished window, even with unsent requests', { windowStart: 0, local: 3, lastHitAt: 9_000 }, 'dropped'],
  ])('a flush at 10 s handles a tally %s: %s', (_name, fields, outcome) => {
    const subject = tally(fields);
    const tallies = new Map([[tallyKey(subject.key, subject.windowStart), subject]]);
    const delta = subject.local;
    const rows = selectForFlush(tallies, 10_000, 3600, 5_000);
    const expected = {
      'sent with its delta': { rows: [{ tally: subject, delta }], kept: 1 },
      'read back': { rows: [{ tally: subject, delta: 0 }], kept: 1 },
      'kept, not sent': { rows: [], kept: 1 },
      dropped: { rows: [], kept: 0 },
    }[outcome];
    expect(rows).toEqual(expected.rows);
    expect(tallies.size).toBe(expected.kept);
  });
});
