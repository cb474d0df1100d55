import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, expectOk, unwrap, type Schemas } from '../lib/api.ts';
import {
  CODE_CONTACT_KINDS,
  filledValues,
  IDENTITIES_KEY,
  KIND_TITLES,
  useChannelIdentities,
  type ContactKind,
  type ContactKindDescriptor,
  type ContactMethod,
} from '../lib/channels.ts';
import { MY_PAGING_KEY } from '../lib/paging.ts';
import { useUser } from '../lib/session.tsx';
import { ChannelFields } from './ChannelFields.tsx';
import { AddEmailOrWebhook } from './AddEmailOrWebhook.tsx';
import { CardSection, Empty, FieldErrors, FormActions, QueryCard } from './ui.tsx';

/** How a method reads in lists: its label and where it goes (never a secret: a push topic is sealed). */
export function methodName(method: ContactMethod | undefined): string {
  if (!method) return 'A removed method';
  if (method.type === 'webhook') return `${method.label} (webhook to ${method.webhook?.destination ?? '…'})`;
  if (method.type === 'push') return `${method.label} (push${method.address ? ` via ${method.address}` : ''})`;
  return `${method.label} (${method.address ?? KIND_TITLES[method.type] ?? method.type})`;
}

const byCode = (method: ContactMethod) => method.verification === 'code';

/** The member's contact methods: add one of any kind, confirm it, test it, remove it. */
export function ContactMethods({ methods }: { methods: ContactMethod[] }) {
  const user = useUser();
  const [adding, setAdding] = useState<ContactKind | ''>('');
  const descriptor = CODE_CONTACT_KINDS.find((candidate) => candidate.kind === adding);
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
      {adding === 'email' || adding === 'webhook' ? (
        <AddEmailOrWebhook type={adding} onDone={() => setAdding('')} />
      ) : descriptor ? (
        <AddCodeMethod descriptor={descriptor} onDone={() => setAdding('')} />
      ) : (
        <div className="row" role="group" aria-label="Add a contact method">
          <button type="button" onClick={() => setAdding('email')}>
            Add an email
          </button>
          <button type="button" onClick={() => setAdding('webhook')}>
            Add a webhook
          </button>
          {CODE_CONTACT_KINDS.map((kind) => (
            <button key={kind.kind} type="button" onClick={() => setAdding(kind.kind)}>
              Add {kind.title}
            </button>
          ))}
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
  const code = byCode(method);
  return (
    <li className="stack" style={{ gap: 6 }}>
      <div className="row">
        <span>
          <strong>{KIND_TITLES[method.type] ?? method.type}</strong> · {name}
        </span>
        {method.verified ? <span className="badge st-completed">verified</span> : <span className="badge st-waiting">unverified</span>}
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
            aria-label={`${code ? 'Send a new code to' : 'Mail a new link to'} ${name}`}
          >
            {resend.isSuccess ? (code ? 'Code sent' : 'Link sent') : code ? 'Send a new code' : 'Mail a new link'}
          </button>
        )}
        <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={`Remove ${name}`}>
          Remove
        </button>
      </div>
      {method.verified ? null : code ? (
        <VerifyCode method={method} name={name} />
      ) : (
        <span className="muted small">Follow the link mailed to this address: until then it is never paged.</span>
      )}
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
      {resend.isSuccess && code ? (
        <span className="muted small" role="status">
          A new code was sent; the previous one no longer works.
        </span>
      ) : null}
      <FieldErrors error={test.error ?? resend.error ?? remove.error} />
    </li>
  );
}

/** The 6-digit code the channel delivered: 15 minutes, 5 tries (then send a new one). */
function VerifyCode({ method, name }: { method: ContactMethod; name: string }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const inputId = `code-${method.id}`;
  const verify = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/users/me/contact-methods/{id}/verify', {
          params: { path: { id: method.id } },
          body: { code: code.trim() },
        }),
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [MY_PAGING_KEY] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate();
  };
  return (
    <form className="stack" style={{ gap: 4 }} onSubmit={submit} aria-label={`Verify ${name}`}>
      <div className="row">
        <label htmlFor={inputId} className="small">
          Code it received
        </label>
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          style={{ width: '8em' }}
          aria-describedby={`${inputId}-help`}
        />
        <button type="submit" className="primary" disabled={verify.isPending}>
          Verify
        </button>
      </div>
      <span id={`${inputId}-help`} className="muted small">
        Enter the 6-digit code sent through this method (15 minutes, 5 tries): until then it is never paged.
      </span>
      <FieldErrors error={verify.error} />
    </form>
  );
}

/** A push, SMS, voice, Slack or Matrix method: its fields from the descriptor; a code is sent through it at once. */
function AddCodeMethod({ descriptor, onDone }: { descriptor: ContactKindDescriptor; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async () => {
      // The descriptor's fields are the kind's body fields; the API validates them (a 422 names the wrong one).
      const body = {
        type: descriptor.kind,
        ...(label.trim() ? { label: label.trim() } : {}),
        ...filledValues(descriptor.fields, values),
      } as Schemas['CreateContactMethodInput'];
      return unwrap(await api.POST('/api/v1/users/me/contact-methods', { body })).data;
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
  const title = `Add ${descriptor.title}`;
  return (
    <form className="form stack" onSubmit={submit} aria-label={title}>
      <h3 style={{ margin: 0 }}>{title}</h3>
      <label>
        Label (optional)
        <input value={label} onChange={(event) => setLabel(event.target.value)} placeholder="Phone" />
      </label>
      <ChannelFields
        idPrefix={`add-${descriptor.kind}`}
        fields={descriptor.fields}
        values={values}
        onChange={(name, value) => setValues((old) => ({ ...old, [name]: value }))}
      />
      <p className="muted small" style={{ margin: 0 }}>
        A 6-digit code is sent {descriptor.codeBy}; enter it here to confirm the method. A method the code cannot reach is not kept.
      </p>
      <FieldErrors error={save.error} />
      <FormActions label="Add and send the code" pending={save.isPending} onCancel={onDone} />
    </form>
  );
}

/** The chat and phone accounts that act as the member when they press a button or reply to a page. */
export function LinkedAccounts() {
  const queryClient = useQueryClient();
  const identities = useChannelIdentities();
  const unlink = useMutation({
    mutationFn: async (id: string) => expectOk(await api.DELETE('/api/v1/channel-identities/{id}', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [IDENTITIES_KEY] }),
  });
  return (
    <QueryCard query={identities} label="Loading your linked accounts">
      {(list) => (
        <CardSection titleId="identities-title" title="Linked chat and phone accounts">
          {list.length === 0 ? (
            <Empty title="No linked account">
              A button pressed in Slack or a reply in Matrix by an account not linked to you does nothing; the channel sends a link to link
              it.
            </Empty>
          ) : (
            <ul className="list" aria-label="Your linked accounts">
              {list.map((identity) => {
                const name = `${KIND_TITLES[identity.kind] ?? identity.kind} ${identity.external_name ?? identity.external_id}`;
                return (
                  <li key={identity.id} className="row">
                    <span>
                      <strong>{KIND_TITLES[identity.kind] ?? identity.kind}</strong> · {identity.external_name ?? identity.external_id}
                      {identity.external_name ? <span className="muted small"> ({identity.external_id})</span> : null}
                    </span>
                    <span style={{ flex: 1 }} />
                    <button
                      type="button"
                      className="danger"
                      disabled={unlink.isPending}
                      onClick={() => unlink.mutate(identity.id)}
                      aria-label={`Unlink ${name}`}
                    >
                      Unlink
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <FieldErrors error={unlink.error} />
        </CardSection>
      )}
    </QueryCard>
  );
}
