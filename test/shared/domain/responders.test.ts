import { answerResponderRequest, responderNeedsPaging, type ResponderStatus } from '../../../shared/domain/responders.ts';

describe('answerResponderRequest', () => {
  it.each<[ResponderStatus, 'accept' | 'decline', unknown]>([
    ['requested', 'accept', { status: 'accepted', changed: true }],
    ['requested', 'decline', { status: 'declined', changed: true }],
    ['accepted', 'accept', { status: 'accepted', changed: false }],
    ['declined', 'decline', { status: 'declined', changed: false }],
    ['accepted', 'decline', { refused: 'The request was already accepted' }],
    ['declined', 'accept', { refused: 'The request was already declined' }],
  ])('%s + %s', (status, answer, expected) => {
    expect(answerResponderRequest(status, answer)).toEqual(expected);
  });
});

describe('responderNeedsPaging', () => {
  it.each<[string, { status: ResponderStatus } | null, { status: string } | null, boolean]>([
    ['requested, incident active', { status: 'requested' }, { status: 'active' }, true],
    ['requested, incident acknowledged', { status: 'requested' }, { status: 'investigating' }, true],
    ['requested, incident resolved', { status: 'requested' }, { status: 'resolved' }, false],
    ['declined', { status: 'declined' }, { status: 'active' }, false],
    ['accepted', { status: 'accepted' }, { status: 'active' }, false],
    ['responder gone', null, { status: 'active' }, false],
    ['incident gone', { status: 'requested' }, null, false],
  ])('%s', (_name, responder, incident, expected) => {
    expect(responderNeedsPaging(responder, incident)).toBe(expected);
  });
});
