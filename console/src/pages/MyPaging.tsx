import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, expectOk, unwrap } from '../lib/api.ts';
import { formatMinutes } from '../lib/paging-format.ts';
import { MY_PAGING_KEY, useContactMethods, useNotificationRules, type ContactMethod } from '../lib/paging.ts';
import { useUser } from '../lib/session.tsx';
import { CardSection, Empty, FieldErrors, FormActions, QueryCard } from '../components/ui.tsx';
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
    </PagingFrame>
  );
}

function methodName(method: ContactMethod | undefined): string {
  if (!method) return 'A removed method';
  return method.type === 'email'
    ? `${method.label} (${method.address ?? 'email'})`
    : `${method.label} (webhook to ${method.webhook?.destination ?? '…'})`;
}

function ContactMethods({ methods }: { methods: ContactMethod[] }) {
  const user = useUser();
  const [adding, setAdding] = useState<'email' | 'webhook'>();
  return (
    <CardSection titleId="methods-title" title="Contact methods">
      {methods.length === 0 ? (
        <Empty title="No contact method yet">Pages go to your account email, {user.email}.</Empty>
      ) : (
        <ul className="list" aria-label="Your contact methods">
          {methods.map((method) => (
            <MethodRow key={method.id} method={method} />
          ))}
        </ul>
      )}
      {adding ? (
        <AddMethodForm type={adding} onDone={() => setAdding(undefined)} />
      ) : (
        <div className="row">
          <button type="button" onClick={() => setAdding('email')}>
            Add an email
          </button>
          <button type="button" onClick={() => setAdding('webhook')}>
            Add a webhook
          </button>
        </div>
      )}
    </CardSection>
  );
}

function MethodRow({ method }: { method: ContactMethod }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [MY_PAGING_KEY] });
  const test = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/users/me/contact-methods/{id}/test', { params: { path: { id: method.id } } })).data,
  });
  const resend = useMutation({
    mutationFn: async () =>
      expectOk(await api.POST('/api/v1/users/me/contact-methods/{id}/verification', { params: { path: { id: method.id } } })),
  });
  const remove = useMutation({
    mutationFn: async () => expectOk(await api.DELETE('/api/v1/users/me/contact-methods/{id}', { params: { path: { id: method.id } } })),
    onSuccess: refresh,
  });
  const name = methodName(method);
  return (
    <li className="stack" style={{ gap: 6 }}>
      <div className="row">
        <span>
          <strong>{method.type === 'email' ? 'Email' : 'Webhook'}</strong> · {name}
        </span>
        {method.verified ? null : <span className="badge st-waiting">unverified</span>}
        <span style={{ flex: 1 }} />
        {method.verified ? (
          <button type="button" disabled={test.isPending} onClick={() => test.mutate()} aria-label={`Send a test page to ${name}`}>
            Send a test page
          </button>
        ) : (
          <button
            type="button"
            disabled={resend.isPending || resend.isSuccess}
            onClick={() => resend.mutate()}
            aria-label={`Mail a new link to ${name}`}
          >
            {resend.isSuccess ? 'Link sent' : 'Mail a new link'}
          </button>
        )}
        <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={`Remove ${name}`}>
          Remove
        </button>
      </div>
      {method.verified ? null : <span className="muted small">Follow the link mailed to this address: until then it is never paged.</span>}
      {method.webhook?.template ? (
        <details className="small">
          <summary>Template</summary>
          <pre className="mono">{JSON.stringify(method.webhook.template, null, 2)}</pre>
        </details>
      ) : null}
      {test.data ? (
        <div className={`alert-box ${test.data.status === 'sent' ? 'ok' : 'error'}`} role="status">
          {test.data.status === 'sent' ? 'Test page sent.' : `Test page failed: ${test.data.error ?? 'unknown error'}`}
        </div>
      ) : null}
      <FieldErrors error={test.error ?? resend.error ?? remove.error} />
    </li>
  );
}

function AddMethodForm({ type, onDone }: { type: 'email' | 'webhook'; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [url, setUrl] = useState('');
  const [template, setTemplate] = useState('');
  const save = useMutation({
    mutationFn: async () => {
      if (type === 'email') {
        return unwrap(
          await api.POST('/api/v1/users/me/contact-methods', {
            body: { type: 'email', address, ...(label.trim() ? { label } : {}) },
          }),
        ).data;
      }
      let parsed: unknown;
      if (template.trim()) {
        try {
          parsed = JSON.parse(template);
        } catch {
          throw new Error('The template is not valid JSON');
        }
      }
      return unwrap(
        await api.POST('/api/v1/users/me/contact-methods', {
          body: { type: 'webhook', label, url, ...(parsed === undefined ? {} : { template: parsed }) },
        }),
      ).data;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [MY_PAGING_KEY] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const title = type === 'email' ? 'Add an email' : 'Add a webhook';
  return (
    <form className="form stack" onSubmit={submit} aria-label={title}>
      <h3 style={{ margin: 0 }}>{title}</h3>
      <div className="field-row">
        <label>
          Label
          <input
            required={type === 'webhook'}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            placeholder={type === 'email' ? 'Work' : 'Team chat'}
          />
        </label>
        {type === 'email' ? (
          <label>
            Address
            <input required type="email" value={address} onChange={(event) => setAddress(event.target.value)} />
          </label>
        ) : (
          <label>
            URL
            <input
              required
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              autoComplete="off"
              aria-describedby="url-help"
            />
          </label>
        )}
      </div>
      {type === 'email' ? (
        <p className="muted small" style={{ margin: 0 }}>
          A link is mailed to the address; it is paged once you follow it.
        </p>
      ) : (
        <>
          <p id="url-help" className="muted small" style={{ margin: 0 }}>
            The URL is write-only: it often holds a token, so it is stored encrypted and only its host is shown again.
          </p>
          <label>
            Template (JSON body, optional)
            <textarea
              className="mono"
              value={template}
              onChange={(event) => setTemplate(event.target.value)}
              placeholder={'{"text": "{{incident.title}} ({{incident.severity}}): {{incident.url}}"}'}
            />
          </label>
        </>
      )}
      <FieldErrors error={save.error} />
      <FormActions label="Add" pending={save.isPending} onCancel={onDone} />
    </form>
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
