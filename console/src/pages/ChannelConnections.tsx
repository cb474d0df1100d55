import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, expectOk, unwrap } from '../lib/api.ts';
import {
  CONNECTION_KINDS,
  CONNECTIONS_KEY,
  filledValues,
  useChannelConnections,
  type ChannelConnection,
  type ConnectionDescriptor,
} from '../lib/channels.ts';
import { ChannelFields } from '../components/ChannelFields.tsx';
import { CardSection, FieldErrors, FormActions, QueryCard, Time } from '../components/ui.tsx';
import { AdminFrame } from './Admin.tsx';

/** The organization's chat and phone connections: ntfy, Slack, Matrix, Twilio, one card each. */
export function ChannelConnectionsPage() {
  const connections = useChannelConnections();
  return (
    <AdminFrame title="Chat and phone connections">
      <p className="muted" style={{ margin: 0 }}>
        What members' push, Slack, Matrix, SMS and voice contact methods send through. Secrets are stored encrypted and never shown again.
      </p>
      <QueryCard query={connections} label="Loading the connections">
        {(list) => (
          <>
            {CONNECTION_KINDS.map((descriptor) => (
              <ConnectionCard
                key={descriptor.kind}
                descriptor={descriptor}
                connection={list.find((connection) => connection.kind === descriptor.kind)}
              />
            ))}
          </>
        )}
      </QueryCard>
    </AdminFrame>
  );
}

/** A summary value as text: which secrets are set says "set", never the secret. */
function summaryText(value: unknown): string {
  if (value === true) return 'set';
  if (value === false) return 'not set';
  return value === null ? '—' : String(value);
}

function ConnectionCard({ descriptor, connection }: { descriptor: ConnectionDescriptor; connection?: ChannelConnection }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [CONNECTIONS_KEY] });
  const disconnect = useMutation({
    mutationFn: async () =>
      expectOk(await api.DELETE('/api/v1/channel-connections/{kind}', { params: { path: { kind: descriptor.kind } } })),
    onSuccess: refresh,
  });
  const titleId = `connection-${descriptor.kind}`;
  return (
    <CardSection
      titleId={titleId}
      title={
        <>
          {descriptor.title}{' '}
          {connection ? <span className="badge st-completed">connected</span> : <span className="badge st-pending">not connected</span>}
        </>
      }
    >
      <p className="muted small" style={{ margin: 0 }}>
        {descriptor.description}
      </p>
      {connection ? (
        <dl className="small feed-state">
          {Object.entries(connection.summary).map(([name, value]) => (
            <div key={name}>
              <dt>{name.replace(/_/g, ' ')}</dt>
              <dd>{summaryText(value)}</dd>
            </div>
          ))}
          <div>
            <dt>changed</dt>
            <dd>
              <Time iso={connection.updated_at} />
            </dd>
          </div>
        </dl>
      ) : null}
      {editing ? (
        <ConnectionForm descriptor={descriptor} replacing={Boolean(connection)} onDone={() => setEditing(false)} />
      ) : (
        <div className="row">
          {descriptor.installUrl ? (
            <a className="button primary" href={descriptor.installUrl}>
              {connection ? `${descriptor.installLabel} again` : descriptor.installLabel}
            </a>
          ) : (
            <button type="button" onClick={() => setEditing(true)} aria-label={`${connection ? 'Change' : 'Connect'} ${descriptor.title}`}>
              {connection ? 'Change' : 'Connect'}
            </button>
          )}
          {connection ? (
            <button
              type="button"
              className="danger"
              disabled={disconnect.isPending}
              onClick={() => disconnect.mutate()}
              aria-label={`Disconnect ${descriptor.title}`}
            >
              Disconnect
            </button>
          ) : null}
        </div>
      )}
      <FieldErrors error={disconnect.error} />
    </CardSection>
  );
}

/** Every setting is given again on a change: secrets are never read back to fill the form. */
function ConnectionForm({ descriptor, replacing, onDone }: { descriptor: ConnectionDescriptor; replacing: boolean; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT('/api/v1/channel-connections/{kind}', {
          params: { path: { kind: descriptor.kind } },
          body: filledValues(descriptor.fields, values),
        }),
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [CONNECTIONS_KEY] });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form className="form stack" onSubmit={submit} aria-label={`${descriptor.title} settings`}>
      <ChannelFields
        idPrefix={`connection-${descriptor.kind}`}
        fields={descriptor.fields}
        values={values}
        secretsSet={replacing}
        onChange={(name, value) => setValues((old) => ({ ...old, [name]: value }))}
      />
      <FieldErrors error={save.error} />
      <FormActions label="Save" pending={save.isPending} onCancel={onDone} />
    </form>
  );
}
