import { chooseRemediation, type PriorityRunbook, type RemediationChoice } from '../../../shared/domain/remediation.ts';
import type { Remediation } from '../../../shared/domain/routing.ts';

const ruleRunbook: Remediation = { procedureId: 'proc-rule', autoApprove: false, resolves: true };
const p1Runbook: PriorityRunbook = { priority: 'P1', procedureId: 'proc-p1', autoApprove: true, resolves: false };

describe('chooseRemediation: the routing rule’s runbook or the priority’s', () => {
  it.each<[string, Parameters<typeof chooseRemediation>[0], PriorityRunbook | null, RemediationChoice | null]>([
    [
      'a rule naming a runbook wins over the priority’s',
      { ruleId: 'rule-1', remediation: ruleRunbook },
      p1Runbook,
      { ...ruleRunbook, source: 'routing_rule', ruleId: 'rule-1', priority: null },
    ],
    [
      'a rule without a runbook leaves it to the priority',
      { ruleId: 'rule-1', remediation: null },
      p1Runbook,
      { procedureId: 'proc-p1', autoApprove: true, resolves: false, source: 'priority', ruleId: null, priority: 'P1' },
    ],
    [
      'no rule matched (or opened by hand): the priority’s',
      null,
      p1Runbook,
      { procedureId: 'proc-p1', autoApprove: true, resolves: false, source: 'priority', ruleId: null, priority: 'P1' },
    ],
    [
      'a rule with a runbook and no priority runbook: the rule’s',
      { ruleId: 'rule-2', remediation: ruleRunbook },
      null,
      {
        ...ruleRunbook,
        source: 'routing_rule',
        ruleId: 'rule-2',
        priority: null,
      },
    ],
    ['neither: nothing starts', { ruleId: 'rule-1' }, null, null],
    ['a runbook without a rule id (no rule matched) is no rule’s: nothing starts', { ruleId: null, remediation: ruleRunbook }, null, null],
  ])('%s', (_name, rule, byPriority, expected) => {
    expect(chooseRemediation(rule, byPriority)).toEqual(expected);
  });
});
