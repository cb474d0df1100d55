import { createEscalateLevel, type EscalateLevelInput, type EscalationSteps } from '../../activities/escalation-level.ts';
import type { EscalationEnd, EscalationPolicySnapshot } from '../../shared/domain/escalation.ts';
import { planMemberPages, type RuleCandidate } from '../../shared/domain/notification-rules.ts';

const policy: EscalationPolicySnapshot = {
  id: 'p1',
  name: 'one',
  levels: [{ targets: [{ type: 'user', id: 'u1' }], delay_minutes: 5 }],
  repeat: 0,
};
const mailNow: RuleCandidate = {
  rule_id: 'r-mail',
  contact_method_id: 'm1',
  method: 'email',
  verified: true,
  delay_minutes: 0,
  urgency: 'any',
};
const hookLater: RuleCandidate = {
  rule_id: 'r-hook',
  contact_method_id: 'm2',
  method: 'webhook',
  verified: true,
  delay_minutes: 2,
  urgency: 'any',
};

interface Case {
  name: string;
  input: Partial<EscalateLevelInput>;
  loaded?: EscalationPolicySnapshot | null;
  resolved?: { end: EscalationEnd | null; userIds: string[] };
  rules?: RuleCandidate[];
  pageEnd?: EscalationEnd;
  calls: string[];
  result: Record<string, unknown>;
  paged?: Array<string | null>;
}

/**
 * The level composed from its steps: each step is a recorder that answers what the case says, so a
 * step the composition should skip shows up in `calls`.
 */
describe('escalateLevel', () => {
  const cases: Case[] = [
    {
      name: 'level 1: loads the policy, resolves its first level, plans and sends what is due at once, hands back the rest',
      input: { loadPolicy: true },
      loaded: policy,
      resolved: { end: null, userIds: ['u1'] },
      rules: [mailNow, hookLater],
      calls: ['load', 'resolve:u1', 'plan:u1', 'page'],
      result: {
        policy,
        end: null,
        sent: 1,
        failed: 0,
        later: [{ delayMs: 120_000, pages: [expect.objectContaining({ ruleId: 'r-hook' })] }],
      },
      paged: ['r-mail'],
    },
    {
      name: 'a deleted policy ends it before anything else',
      input: { loadPolicy: true },
      loaded: null,
      calls: ['load'],
      result: { policy: null, end: 'no_policy', later: [] },
    },
    {
      name: 'an incident that no longer needs anyone pages nobody',
      input: { targets: policy.levels[0]?.targets },
      resolved: { end: 'acknowledged', userIds: [] },
      calls: ['resolve:u1'],
      result: { end: 'acknowledged', sent: 0, later: [] },
    },
    {
      name: 'a later level with only delayed rules sends nothing now',
      input: { targets: policy.levels[0]?.targets },
      resolved: { end: null, userIds: ['u1'] },
      rules: [hookLater],
      calls: ['resolve:u1', 'plan:u1'],
      result: { end: null, sent: 0, later: [{ delayMs: 120_000, pages: [expect.objectContaining({ ruleId: 'r-hook' })] }] },
    },
    {
      name: 'reassigned: pages the assignee without resolving targets',
      input: { assigneeId: 'u9', policyId: null },
      rules: [mailNow],
      calls: ['plan:u9', 'page'],
      result: { end: null, sent: 1, later: [] },
      paged: ['r-mail'],
    },
    {
      name: 'an acknowledgement the send found ends it: nothing is handed back for later',
      input: { targets: policy.levels[0]?.targets },
      resolved: { end: null, userIds: ['u1'] },
      rules: [mailNow, hookLater],
      pageEnd: 'acknowledged',
      calls: ['resolve:u1', 'plan:u1', 'page'],
      result: { end: 'acknowledged', later: [] },
      paged: ['r-mail'],
    },
  ];

  it.each(cases)('$name', async ({ input, loaded, resolved, rules, pageEnd, calls, result, paged }) => {
    const seen: string[] = [];
    const pagedRules: Array<string | null> = [];
    const steps: EscalationSteps = {
      loadEscalationPolicy: async () => {
        seen.push('load');
        if (loaded === undefined) throw new Error('unexpected load');
        return loaded;
      },
      resolveEscalationTargets: async ({ targets }) => {
        seen.push(`resolve:${targets.map((target) => target.id).join(',')}`);
        if (!resolved) throw new Error('unexpected resolve');
        return resolved;
      },
      planEscalationPages: async ({ userIds, urgency }) => {
        seen.push(`plan:${userIds.join(',')}`);
        return userIds.flatMap((userId) => planMemberPages(userId, rules ?? [], urgency));
      },
      pageEscalationTargets: async ({ pages }) => {
        seen.push('page');
        pagedRules.push(...(pages ?? []).map((page) => page.ruleId));
        return pageEnd
          ? { sent: 0, failed: 0, skipped: pages?.length ?? 0, end: pageEnd }
          : { sent: pages?.length ?? 0, failed: 0, skipped: 0 };
      },
    };
    const outcome = await createEscalateLevel(steps)({
      organizationId: 'o1',
      incidentId: 'i1',
      policyId: 'p1',
      round: 1,
      level: 1,
      urgency: 'high',
      publicUrl: 'https://tocsin.example.test',
      ...input,
    });
    expect(seen).toEqual(calls);
    expect(outcome).toMatchObject(result);
    expect(typeof outcome.pagedAt).toBe('number');
    expect(pagedRules).toEqual(paged ?? []);
  });
});
