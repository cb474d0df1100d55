import {
  linkDirection,
  linkPhrase,
  mergeRefusal,
  UNMERGE_WINDOW_MS,
  unmergeRefusal,
  type MergeCandidate,
} from '../../../shared/domain/incident-merge.ts';

const open = (id: string, overrides: Partial<MergeCandidate> = {}): MergeCandidate => ({
  id,
  status: 'active',
  mergedIntoId: null,
  ...overrides,
});

describe('mergeRefusal (can these incidents be merged?)', () => {
  it.each<[string, MergeCandidate, MergeCandidate[], RegExp | null]>([
    ['open target, open sources: allowed', open('t'), [open('a'), open('b', { status: 'investigating' })], null],
    ['a resolved source may be folded in too', open('t', { status: 'mitigated' }), [open('a', { status: 'resolved' })], null],
    ['a resolved target: refused', open('t', { status: 'resolved' }), [open('a')], /target incident is resolved/],
    ['a target merged into another: refused', open('t', { mergedIntoId: 'x' }), [open('a')], /target incident was itself merged/],
    ['the target among its sources: refused', open('t'), [open('a'), open('t')], /cannot be merged into itself/],
    [
      'a source already merged: refused, naming it',
      open('t'),
      [open('a'), open('b', { status: 'resolved', mergedIntoId: 'x' })],
      /b is already merged into x/,
    ],
  ])('%s', (_name, target, sources, expected) => {
    const refusal = mergeRefusal(target, sources);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(expected);
  });
});

describe('unmergeRefusal (can this merge still be undone?)', () => {
  const mergedAt = new Date('2026-06-01T12:00:00Z');
  const after = (ms: number) => new Date(mergedAt.getTime() + ms);
  it.each<[string, Date, Date | null, RegExp | null]>([
    ['at once: allowed', after(0), null, null],
    ['just inside the 24 h window: allowed', after(UNMERGE_WINDOW_MS), null, null],
    ['a millisecond past the window: refused, naming it', after(UNMERGE_WINDOW_MS + 1), null, /unmerge window has passed.*24 h/],
    ['already undone: refused', after(1000), after(500), /already undone/],
  ])('%s', (_name, now, unmergedAt, expected) => {
    const refusal = unmergeRefusal({ mergedAt, unmergedAt }, now);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(expected);
  });

  it('takes a shorter window when given one', () => {
    expect(unmergeRefusal({ mergedAt, unmergedAt: null }, after(2 * 3_600_000), 3_600_000)).toMatch(/within 1 h/);
  });
});

describe('links as each side reads them', () => {
  it.each<[Parameters<typeof linkPhrase>[0], 'outgoing' | 'incoming', string]>([
    ['related', 'outgoing', 'related to'],
    ['related', 'incoming', 'related to'],
    ['caused_by', 'outgoing', 'caused by'],
    ['caused_by', 'incoming', 'causes'],
    ['duplicate_of', 'outgoing', 'duplicate of'],
    ['duplicate_of', 'incoming', 'duplicated by'],
  ])('%s seen %s reads "%s"', (kind, direction, phrase) => {
    expect(linkPhrase(kind, direction)).toBe(phrase);
  });

  it('is outgoing from the incident that made it, incoming from the other', () => {
    expect(linkDirection({ incidentId: 'a' }, 'a')).toBe('outgoing');
    expect(linkDirection({ incidentId: 'a' }, 'b')).toBe('incoming');
  });
});
