import type { PlannedPage } from '../../../../shared/domain/notification-rules.ts';
import { unclaimedPages, type ClaimedPage } from '../../../../shared/db/access/pages.ts';

const planned = (userId: string, ruleId: string | null): PlannedPage => ({
  userId,
  ruleId,
  contactMethodId: null,
  method: 'email',
  delayMs: 0,
});
const claimed = (userId: string, ruleId: string | null): ClaimedPage => ({
  id: `${userId}-${ruleId}`,
  user_id: userId,
  rule_id: ruleId,
  method: 'email',
  contact_method_id: null,
  resend: false,
});

// Only pages this attempt did not claim can be held by another attempt: a page is its user and rule.
describe('unclaimedPages', () => {
  it.each([
    ['all claimed: nothing to ask about', [planned('u1', null), planned('u2', 'r1')], [claimed('u1', null), claimed('u2', 'r1')], []],
    ['none claimed', [planned('u1', null)], [], [planned('u1', null)]],
    [
      'the same user under another rule is another page',
      [planned('u1', 'r1'), planned('u1', 'r2')],
      [claimed('u1', 'r1')],
      [planned('u1', 'r2')],
    ],
    ['no rule differs from a rule', [planned('u1', null), planned('u1', 'r1')], [claimed('u1', 'r1')], [planned('u1', null)]],
  ])('%s', (_label, plannedPages, claimedPages, expected) => {
    expect(unclaimedPages(plannedPages, claimedPages)).toEqual(expected);
  });
});
