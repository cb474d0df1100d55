import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, expectOk, unwrap } from '../lib/api.ts';
import { formatMinutes } from '../lib/paging-format.ts';
import type { ContactMethod } from '../lib/channels.ts';
import { MY_PAGING_KEY, useContactMethods, useNotificationRules } from '../lib/paging.ts';
import { useUser } from '../lib/session.tsx';
import { ContactMethods, LinkedAccounts, methodName } from '../components/ContactMethods.tsx';
import { CardSection, Empty, FieldErrors, QueryCard } from '../components/ui.tsx';
import { PagingFrame } from './EscalationPolicies.tsx';

type RuleUrgency = 'high' | 'low' | 'any';

/** The signed-in member's contact methods and notification rules: how escalations reach them. */
export function MyPagingPage() {
  const methods = useContactMethods();
  const rules = useNotificationRules();
  return (
    <PagingFrame title="My paging">
      <p className="muted" style={{ margin: 0 }}>
        When an escalation pages you, each rule notifies its contact method some minutes after the page, until someone acknowledges. Without
        any rule you get an email at once on your account address.
      </p>
      <QueryCard query={methods} label="Loading your contact methods">
        {(list) => <ContactMethods methods={list} />}
      </QueryCard>
      <QueryCard query={rules} label="Loading your notification rules">
        {(list) => <NotificationRules rules={list} methods={methods.data ?? []} />}
      </QueryCard>
      <LinkedAccounts />
    </PagingFrame>
  );
}

function NotificationRules({
  rules,
  methods,
}: {
  rules: Array<{ id: string; contact_method_id: string; delay_minutes: number; urgency: RuleUrgency }>;
  methods: ContactMethod[];
}) {
  const user = useUser();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState('');
  const [delay, setDelay] = useState('0');
  const [urgency, setUrgency] = useState<RuleUrgency>('any');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [MY_PAGING_KEY] });
  const chosen = method || methods[0]?.id || '';
  const add = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/users/me/notification-rules', {
          body: { contact_method_id: chosen, delay_minutes: Number(delay), urgency },
        }),
      ).data,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => expectOk(await api.DELETE('/api/v1/users/me/notification-rules/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const sorted = [...rules].sort((a, b) => a.delay_minutes - b.delay_minutes);
  return (
    <CardSection titleId="rules-title" title="Notification rules">
      {sorted.length === 0 ? (
        <Empty title="No rules yet">You get an email at once on {user.email}.</Empty>
      ) : (
        <ul className="list" aria-label="Your notification rules">
          {sorted.map((rule) => {
            const target = methodName(methods.find((candidate) => candidate.id === rule.contact_method_id));
            return (
              <li key={rule.id} className="row">
                <span>
                  {rule.delay_minutes === 0 ? 'At once' : `After ${formatMinutes(rule.delay_minutes)}`}, {target}, for{' '}
                  {rule.urgency === 'any' ? 'any urgency' : `${rule.urgency} urgency`}
                </span>
                <span style={{ flex: 1 }} />
                <button
                  type="button"
                  className="danger"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(rule.id)}
                  aria-label={`Remove the rule ${target} after ${rule.delay_minutes} minutes`}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {methods.length === 0 ? (
        <p className="muted small" style={{ margin: 0 }}>
          Add a contact method to make rules for it.
        </p>
      ) : (
        <form className="field-row" onSubmit={submit} aria-label="Add a rule">
          <label>
            Method
            <select value={chosen} onChange={(event) => setMethod(event.target.value)}>
              {methods.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {methodName(candidate)}
                </option>
              ))}
            </select>
          </label>
          <label>
            Minutes after the page
            <input type="number" min={0} max={1440} step="any" required value={delay} onChange={(event) => setDelay(event.target.value)} />
          </label>
          <label>
            Urgency
            <select value={urgency} onChange={(event) => setUrgency(event.target.value as RuleUrgency)}>
              <option value="any">Any</option>
              <option value="high">High</option>
              <option value="low">Low (email only)</option>
            </select>
          </label>
          <div style={{ alignSelf: 'end' }}>
            <button type="submit" disabled={add.isPending || !chosen}>
              Add rule
            </button>
          </div>
        </form>
      )}
      <FieldErrors error={add.error ?? remove.error} />
    </CardSection>
  );
}
