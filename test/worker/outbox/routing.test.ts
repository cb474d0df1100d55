import type { RoutingDecision } from '../../../shared/domain/routing.ts';
import { pagedByPolicy } from '../../../worker/outbox/routing.ts';

const routed = (policyId: string | null): RoutingDecision => ({ ruleId: null, policyId, urgency: 'high' });

describe('pagedByPolicy', () => {
  it.each([
    ['nothing routed, nothing known', [], [], []],
    ['routed to a policy now', [['i1', routed('p1')]], [], ['i1']],
    ['routed, but no rule or fallback gives a policy', [['i1', routed(null)]], [], []],
    ['given a policy before (routed in an earlier batch, or by hand)', [], [['i1', 'p1']], ['i1']],
    ['read without one', [], [['i1', null]], []],
    [
      'each incident by its own routing',
      [
        ['i1', routed('p1')],
        ['i2', routed(null)],
      ],
      [
        ['i2', null],
        ['i3', 'p2'],
      ],
      ['i1', 'i3'],
    ],
  ] as Array<[string, Array<[string, RoutingDecision]>, Array<[string, string | null]>, string[]]>)(
    '%s',
    (_case, decisions, candidates, expected) => {
      const paged = pagedByPolicy(
        new Map(decisions),
        new Map(candidates.map(([incidentId, policyId]) => [incidentId, { incident_policy_id: policyId }])),
      );
      expect([...paged].sort()).toEqual(expected);
    },
  );
});
