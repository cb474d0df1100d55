import type { StepDefinition } from '../../../shared/domain/procedure.ts';
import { changesSystems, remediationParameters, remediationSteps } from '../../../shared/domain/remediation.ts';

const step = (name: string, type: StepDefinition['type'], config: Record<string, unknown> = {}): StepDefinition => ({
  id: `id-${name}`,
  position: 0,
  name,
  description: null,
  type,
  config,
});

describe('changesSystems', () => {
  it.each<[string, StepDefinition, boolean]>([
    ['an http POST', step('restart', 'http', { url: 'https://x.test', method: 'POST' }), true],
    ['an http step without a method (POST by default)', step('restart', 'http', { url: 'https://x.test' }), true],
    ['an http DELETE', step('drop', 'http', { url: 'https://x.test', method: 'DELETE' }), true],
    ['an http GET', step('check', 'http', { url: 'https://x.test', method: 'GET' }), false],
    ['an http HEAD', step('ping', 'http', { url: 'https://x.test', method: 'HEAD' }), false],
    ['a manual step', step('look', 'manual'), false],
    ['a wait step', step('pause', 'wait', { seconds: 5 }), false],
  ])('%s', (_name, candidate, expected) => {
    expect(changesSystems(candidate)).toBe(expected);
  });
});

describe('remediationSteps', () => {
  const ids = () => {
    let n = 0;
    return () => `approval-${(n += 1)}`;
  };
  const check = step('check', 'http', { url: 'https://x.test', method: 'GET' });
  const restart = step('restart', 'http', { url: 'https://x.test', method: 'POST' });
  const failover = step('failover', 'http', { url: 'https://x.test', method: 'PUT' });
  const approve = step('approve', 'approval');

  it.each<[string, StepDefinition[], boolean, string[]]>([
    [
      'an approval before each step that changes systems',
      [check, restart, failover],
      false,
      ['check', 'Approve: restart', 'restart', 'Approve: failover', 'failover'],
    ],
    ['none when the rule auto-approves', [check, restart, failover], true, ['check', 'restart', 'failover']],
    ['none before a step the procedure already approves', [approve, restart], false, ['approve', 'restart']],
    ['none for a read-only runbook', [check], false, ['check']],
    ['nothing for no steps', [], false, []],
  ])('%s', (_name, steps, autoApprove, expected) => {
    const out = remediationSteps(steps, autoApprove, ids());
    expect(out.map((candidate) => candidate.name)).toEqual(expected);
    expect(out.map((candidate) => candidate.position)).toEqual(expected.map((_, index) => index));
  });

  it('names the added approvals with fresh ids and keeps the procedure steps’ own', () => {
    const out = remediationSteps([restart], false, ids());
    expect(out.map((candidate) => [candidate.id, candidate.type])).toEqual([
      ['approval-1', 'approval'],
      ['id-restart', 'http'],
    ]);
  });
});

describe('remediationParameters', () => {
  it('gives the incident’s scalars and its labels with usable names', () => {
    expect(
      remediationParameters({
        id: 'inc-1',
        title: 'db down',
        severity: 'critical',
        priority: null,
        labels: { service: 'db', 'bad name': 'x' },
      }),
    ).toEqual({ label_service: 'db', incident_id: 'inc-1', incident_title: 'db down', severity: 'critical', priority: '' });
  });
});
