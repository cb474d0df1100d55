import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, expectOk, unwrap } from '../lib/api.ts';
import { parseLabels } from '../lib/paging-format.ts';
import { policyName, ROUTING_KEY, usePolicies, useRoutingRules, type EscalationPolicy, type RoutingRule } from '../lib/paging.ts';
import { isAdmin, useUser } from '../lib/session.tsx';
import { CardForm, Empty, FieldErrors, FormActions, Options, QueryCard } from '../components/ui.tsx';
import { PagingFrame } from './EscalationPolicies.tsx';

const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
type Severity = (typeof SEVERITIES)[number];
type Urgency = RoutingRule['urgency'];
const PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;
/** Fields newer than the generated client (regenerated when the routes merge). */
type RuleExtras = {
  priority?: string | null;
  runbook?: { procedure_id: string; auto_approve: boolean; resolve_incident: boolean } | null;
};

export function RoutingRulesPage() {
  const user = useUser();
  const admin = isAdmin(user);
  const rules = useRoutingRules();
  const policies = usePolicies();
  const [editing, setEditing] = useState<RoutingRule | 'new'>();
  return (
    <PagingFrame
      title="Routing rules"
      action={
        admin && !editing ? (
          <button type="button" className="primary" onClick={() => setEditing('new')} disabled={!policies.data?.length}>
            New rule
          </button>
        ) : null
      }
    >
      <p className="muted" style={{ margin: 0 }}>
        When an alert opens an incident, the first enabled rule whose matchers all hold chooses its escalation policy and urgency. When none
        matches, the integration&apos;s policy applies, else the default policy, at high urgency.
      </p>
      {editing ? (
        <RuleForm
          key={editing === 'new' ? 'new' : editing.id}
          rule={editing === 'new' ? undefined : editing}
          policies={policies.data ?? []}
          onDone={() => setEditing(undefined)}
        />
      ) : null}
      <QueryCard query={rules} label="Loading routing rules">
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <Empty title="No routing rules yet">
                {policies.data?.length === 0 ? 'Create an escalation policy first.' : 'Every alert pages through its integration’s policy.'}
              </Empty>
            </div>
          ) : (
            <RuleList rules={list} policies={policies.data} admin={admin} onEdit={setEditing} />
          )
        }
      </QueryCard>
      <RoutingTester policies={policies.data} />
    </PagingFrame>
  );
}

function RuleList({
  rules,
  policies,
  admin,
  onEdit,
}: {
  rules: RoutingRule[];
  policies: EscalationPolicy[] | undefined;
  admin: boolean;
  onEdit: (rule: RoutingRule) => void;
}) {
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<string>();
  const reorder = useMutation({
    mutationFn: async (ids: string[]) => expectOk(await api.PUT('/api/v1/routing-rules/order', { body: { rule_ids: ids } })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [ROUTING_KEY] }),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => expectOk(await api.DELETE('/api/v1/routing-rules/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      setConfirm(undefined);
      void queryClient.invalidateQueries({ queryKey: [ROUTING_KEY] });
    },
  });
  const move = (index: number, by: number) => {
    const ids = rules.map((rule) => rule.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved as string);
    reorder.mutate(ids);
  };
  return (
    <section className="card card-flush" aria-label="Routing rules in order">
      <FieldErrors error={reorder.error ?? remove.error} />
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Rule</th>
            <th scope="col">Policy</th>
            <th scope="col">Urgency</th>
            {admin ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {rules.map((rule, index) => (
            <tr key={rule.id}>
              <td>{index + 1}</td>
              <td>
                <strong>{rule.name}</strong>
                {rule.enabled ? null : <span className="muted small"> (disabled)</span>}
                <div className="mono small">{rule.matchers_text}</div>
              </td>
              <td>{policyName(policies, rule.escalation_policy_id)}</td>
              <td>
                {rule.urgency}
                {(rule as RuleExtras).priority ? <span className="muted small"> · {(rule as RuleExtras).priority}</span> : null}
                {(rule as RuleExtras).runbook ? <div className="muted small">starts a runbook</div> : null}
              </td>
              {admin ? (
                <td>
                  {confirm === rule.id ? (
                    <div className="row" role="alertdialog" aria-label={`Delete ${rule.name}`}>
                      <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate(rule.id)}>
                        Delete for good
                      </button>
                      <button type="button" onClick={() => setConfirm(undefined)}>
                        Keep it
                      </button>
                    </div>
                  ) : (
                    <div className="row">
                      <button
                        type="button"
                        className="ghost"
                        aria-label={`Move ${rule.name} up`}
                        disabled={index === 0 || reorder.isPending}
                        onClick={() => move(index, -1)}
                      >
                        Up
                      </button>
                      <button
                        type="button"
                        className="ghost"
                        aria-label={`Move ${rule.name} down`}
                        disabled={index === rules.length - 1 || reorder.isPending}
                        onClick={() => move(index, 1)}
                      >
                        Down
                      </button>
                      <button type="button" aria-label={`Edit ${rule.name}`} onClick={() => onEdit(rule)}>
                        Edit
                      </button>
                      <button type="button" className="danger" aria-label={`Delete ${rule.name}`} onClick={() => setConfirm(rule.id)}>
                        Delete
                      </button>
                    </div>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RuleForm({ rule, policies, onDone }: { rule?: RoutingRule; policies: EscalationPolicy[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(rule?.name ?? '');
  const [matchers, setMatchers] = useState(rule?.matchers_text ?? '');
  const [policy, setPolicy] = useState(rule?.escalation_policy_id ?? policies[0]?.id ?? '');
  const [urgency, setUrgency] = useState<Urgency>(rule?.urgency ?? 'high');
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);
  const extras = (rule ?? {}) as RuleExtras;
  const [priority, setPriority] = useState(extras.priority ?? '');
  const [procedure, setProcedure] = useState(extras.runbook?.procedure_id ?? '');
  const [autoApprove, setAutoApprove] = useState(extras.runbook?.auto_approve ?? false);
  const [resolves, setResolves] = useState(extras.runbook?.resolve_incident ?? true);
  const procedures = useQuery({
    queryKey: ['procedures', 'all'],
    queryFn: async () => unwrap(await api.GET('/api/v1/procedures', { params: { query: { limit: 100 } } })).data,
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: async () => {
      const body = {
        name,
        matchers,
        escalation_policy_id: policy,
        urgency,
        enabled,
        priority: priority || null,
        runbook: procedure ? { procedure_id: procedure, auto_approve: autoApprove, resolve_incident: resolves } : null,
      } as never;
      return rule
        ? unwrap(await api.PATCH('/api/v1/routing-rules/{id}', { params: { path: { id: rule.id } }, body })).data
        : unwrap(await api.POST('/api/v1/routing-rules', { body })).data;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [ROUTING_KEY] });
      onDone();
    },
  });
  const title = rule ? `Edit ${rule.name}` : 'New routing rule';
  return (
    <CardForm title={title} onSubmit={() => save.mutate()}>
      <label>
        Name
        <input required value={name} onChange={(event) => setName(event.target.value)} placeholder="Database pages" />
      </label>
      <label>
        Matchers
        <input
          required
          className="mono"
          value={matchers}
          onChange={(event) => setMatchers(event.target.value)}
          placeholder={'{service="db", severity=~"critical|high"}'}
          aria-describedby="matchers-help"
        />
      </label>
      <p id="matchers-help" className="muted small" style={{ margin: 0 }}>
        Alertmanager syntax: <code>=</code>, <code>!=</code>, <code>=~</code>, <code>!~</code> over the alert&apos;s labels and{' '}
        <code>severity</code>, <code>platform</code>, <code>integration</code>. A regex must match the whole value.
      </p>
      <div className="field-row">
        <label>
          Escalation policy
          <select required value={policy} onChange={(event) => setPolicy(event.target.value)}>
            {policies.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Urgency
          <select value={urgency} onChange={(event) => setUrgency(event.target.value as Urgency)}>
            <option value="high">High: every contact method</option>
            <option value="low">Low: email only</option>
          </select>
        </label>
        <label>
          Priority
          <select value={priority} onChange={(event) => setPriority(event.target.value)}>
            <option value="">None</option>
            {PRIORITIES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset>
        <legend>Runbook when an incident opens</legend>
        <label>
          Runbook
          <select value={procedure} onChange={(event) => setProcedure(event.target.value)} aria-describedby="runbook-help">
            <option value="">None</option>
            {(procedures.data ?? []).map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </label>
        <p id="runbook-help" className="muted small" style={{ margin: 0 }}>
          Started once per incident this rule routes, and shown on its timeline. Steps that change systems (http steps other than GET or
          HEAD) wait for someone to approve them unless auto-approved.
        </p>
        {procedure ? (
          <>
            <label className="check">
              <input type="checkbox" checked={autoApprove} onChange={(event) => setAutoApprove(event.target.checked)} />
              Run steps that change systems without approval
            </label>
            <label className="check">
              <input type="checkbox" checked={resolves} onChange={(event) => setResolves(event.target.checked)} />
              Resolve the incident (and stop paging) when the runbook succeeds
            </label>
          </>
        ) : null}
      </fieldset>
      <label className="check">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Enabled
      </label>
      <FieldErrors error={save.error} />
      <FormActions label={rule ? 'Save' : 'Create rule'} pending={save.isPending} onCancel={onDone} />
    </CardForm>
  );
}

function RoutingTester({ policies }: { policies: EscalationPolicy[] | undefined }) {
  const [labelsText, setLabelsText] = useState('');
  const [severity, setSeverity] = useState<Severity>('critical');
  const [integration, setIntegration] = useState('');
  const integrations = useQuery({
    queryKey: ['integrations'],
    queryFn: async () => unwrap(await api.GET('/api/v1/integrations', { params: { query: { limit: 100 } } })).data,
  });
  const test = useMutation({
    mutationFn: async () => {
      const { labels, bad } = parseLabels(labelsText);
      if (bad.length) throw new Error(`Write each label as name=value: ${bad.join(', ')}`);
      return unwrap(
        await api.POST('/api/v1/routing-rules/test', {
          body: { labels, severity, ...(integration ? { integration_id: integration } : {}) },
        }),
      ).data;
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    test.mutate();
  };
  const result = test.data;
  return (
    <form className="card form" onSubmit={submit} aria-label="Which policy would this alert get">
      <h2>Which policy would this alert get?</h2>
      <label>
        Labels, one name=value a line
        <textarea
          className="mono"
          value={labelsText}
          onChange={(event) => setLabelsText(event.target.value)}
          placeholder={'service=db\nenv=prod'}
        />
      </label>
      <div className="field-row">
        <label>
          Severity
          <select value={severity} onChange={(event) => setSeverity(event.target.value as Severity)}>
            <Options values={SEVERITIES} />
          </select>
        </label>
        <label>
          Integration
          <select value={integration} onChange={(event) => setIntegration(event.target.value)}>
            <option value="">Any (no integration)</option>
            {(integrations.data ?? []).map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name} ({candidate.platform})
              </option>
            ))}
          </select>
        </label>
      </div>
      <div>
        <button type="submit" disabled={test.isPending}>
          Test
        </button>
      </div>
      <FieldErrors error={test.error} />
      {result ? (
        <div className="alert-box" role="status" data-testid="routing-result">
          {result.rule ? (
            <>
              Rule <strong>{result.rule.name}</strong> matches
            </>
          ) : (
            'No rule matches'
          )}
          : policy{' '}
          <strong>{result.escalation_policy_id ? policyName(policies, result.escalation_policy_id) : 'none (nothing would page)'}</strong> (
          {
            {
              rule: 'from the rule',
              integration: 'the integration’s',
              team: 'the team’s default',
              default: 'the default',
              none: 'no policy',
            }[result.source]
          }
          ), urgency <strong>{result.urgency}</strong>.
        </div>
      ) : null}
    </form>
  );
}
