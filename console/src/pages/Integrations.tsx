import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api, unwrap, type Schemas } from '../lib/api.ts';
import { useUser } from '../lib/session.tsx';
import { IntegrationPolicy } from '../components/IntegrationPolicy.tsx';
import { Empty, ErrorState, Loading, Options, PageHead } from '../components/ui.tsx';
import { MaintenanceWindows } from '../components/MaintenanceWindows.tsx';
import { SlackConnection } from '../components/SlackConnection.tsx';

type Integration = Schemas['Integration'];
type Platform = Integration['platform'];
const PLATFORMS: Array<{ value: Platform; label: string }> = [
  { value: 'metrics_alerts', label: 'Metrics alerts (Alertmanager)' },
  { value: 'infra_monitor', label: 'Infrastructure monitor' },
  { value: 'apm', label: 'APM' },
  { value: 'pager', label: 'Pager' },
  { value: 'dashboards', label: 'Dashboards' },
  { value: 'search_logs', label: 'Search and logs' },
  { value: 'observability', label: 'Observability' },
];
const platformLabel = (platform: string) => PLATFORMS.find((known) => known.value === platform)?.label ?? platform;

export function IntegrationsPage() {
  const user = useUser();
  const admin = user.role !== 'viewer' && user.role !== 'engineer';
  // Secrets are shown once: kept in this page's memory only, for the "send test alert" button.
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const integrations = useQuery({
    queryKey: ['integrations'],
    queryFn: async () => unwrap(await api.GET('/api/v1/integrations', { params: { query: { limit: 100 } } })).data,
  });
  return (
    <>
      <PageHead title="Integrations" />
      <SlackConnection admin={admin} />
      {admin ? <NewIntegration onCreated={(id, secret) => setSecrets((known) => ({ ...known, [id]: secret }))} /> : null}
      {integrations.isPending ? (
        <div className="card">
          <Loading rows={3} />
        </div>
      ) : integrations.error ? (
        <div className="card">
          <ErrorState error={integrations.error} retry={() => void integrations.refetch()} />
        </div>
      ) : integrations.data.length === 0 ? (
        <div className="card">
          <Empty title="No integration yet">
            Connect a monitoring platform: it sends alerts to a webhook URL that Tocsin turns into incidents.
          </Empty>
        </div>
      ) : (
        integrations.data.map((integration) => (
          <IntegrationCard
            key={integration.id}
            integration={integration}
            secret={secrets[integration.id]}
            admin={admin}
            onSecret={(secret) => setSecrets((known) => ({ ...known, [integration.id]: secret }))}
          />
        ))
      )}
    </>
  );
}

function NewIntegration({ onCreated }: { onCreated: (id: string, secret: string) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [platform, setPlatform] = useState<Platform>('metrics_alerts');
  const create = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/integrations', { body: { name, platform, enabled: true, settings: {} } })).data,
    onSuccess: (created) => {
      onCreated(created.id, created.webhook_secret);
      setName('');
      void queryClient.invalidateQueries({ queryKey: ['integrations'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form className="card field-row" onSubmit={submit} aria-label="Add an integration">
      <label>
        Name
        <input required value={name} onChange={(event) => setName(event.target.value)} placeholder="Production Alertmanager" />
      </label>
      <label>
        Platform
        <select value={platform} onChange={(event) => setPlatform(event.target.value as Platform)}>
          <Options values={PLATFORMS} />
        </select>
      </label>
      <button type="submit" className="primary" disabled={create.isPending}>
        Add integration
      </button>
      {create.error ? (
        <div className="alert-box error" role="alert">
          {create.error.message}
        </div>
      ) : null}
    </form>
  );
}

function IntegrationCard({
  integration,
  secret,
  admin,
  onSecret,
}: {
  integration: Integration;
  secret?: string;
  admin: boolean;
  onSecret: (secret: string) => void;
}) {
  const [open, setOpen] = useState(Boolean(secret));
  const [pasted, setPasted] = useState('');
  const setup = useQuery({
    queryKey: ['integration-setup', integration.platform],
    enabled: open,
    queryFn: async () => unwrap(await api.GET(`/api/v1/integrations/${integration.platform}`)).data,
  });
  const rotate = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/integrations/{id}/rotate-secret', { params: { path: { id: integration.id } } })).data,
    onSuccess: (rotated) => onSecret(rotated.webhook_secret),
  });
  const usableSecret = secret ?? pasted;
  // Sent as a sender that cannot sign would: `Authorization: Bearer <secret>`, the platform's example body.
  const test = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/webhooks/{platform}/{integration_id}', {
          params: { path: { platform: integration.platform, integration_id: integration.id } },
          body: setup.data?.example_payload as never,
          headers: { Authorization: `Bearer ${usableSecret}` },
        }),
      ),
  });
  const headingId = `integration-${integration.id}`;
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <div className="row">
        <h2 id={headingId} style={{ margin: 0 }}>
          {integration.name}
        </h2>
        <span className="badge">{platformLabel(integration.platform)}</span>
        <span
          className={`badge ${integration.status === 'connected' ? 'st-completed' : integration.status === 'error' ? 'st-failed' : ''}`}
        >
          {integration.enabled ? integration.status : 'disabled'}
        </span>
        <span style={{ flex: 1 }} />
        <button type="button" aria-expanded={open} onClick={() => setOpen((now) => !now)}>
          {open ? 'Hide setup' : 'Setup'}
        </button>
      </div>
      <div className="small">
        <span className="muted">Webhook URL </span>
        <code>{integration.webhook_url}</code>
      </div>
      <IntegrationPolicy integration={integration} admin={admin} />
      <MaintenanceWindows integrationId={integration.id} integrationName={integration.name} />
      {secret ? (
        <div className="alert-box warn stack" role="status">
          <strong>Webhook secret: copy it now, it is not shown again.</strong>
          <code className="secret" data-testid="webhook-secret">
            {secret}
          </code>
        </div>
      ) : null}
      {open ? (
        setup.isPending ? (
          <Loading rows={3} />
        ) : setup.error ? (
          <ErrorState error={setup.error} />
        ) : (
          <div className="stack">
            <h3>Set up {platformLabel(integration.platform)}</h3>
            <ol className="small" style={{ margin: 0, paddingLeft: 20 }}>
              <li>
                Point the platform's webhook at <code>{integration.webhook_url}</code> (method POST, JSON body).
              </li>
              <li>
                Sign each request: header <code>{setup.data.signature_header}</code>, value <code>{setup.data.signature_format}</code>.
              </li>
              <li>Or, when the platform cannot sign: {setup.data.alternative_authentication}</li>
            </ol>
            <h3>Example payload</h3>
            <pre>{JSON.stringify(setup.data.example_payload, null, 2)}</pre>
            {admin ? (
              <div className="field-row">
                {!secret ? (
                  <label>
                    Secret (to send a test alert)
                    <input type="password" value={pasted} onChange={(event) => setPasted(event.target.value)} autoComplete="off" />
                  </label>
                ) : null}
                <button type="button" className="primary" disabled={!usableSecret || test.isPending} onClick={() => test.mutate()}>
                  Send test alert
                </button>
                <button type="button" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
                  Rotate secret
                </button>
              </div>
            ) : null}
            {test.isSuccess ? (
              <div className="alert-box ok" role="status">
                Test alert accepted. It opens an incident in a moment: see <Link to="/">Incidents</Link>.
              </div>
            ) : null}
            {test.error ? (
              <div className="alert-box error" role="alert">
                {test.error.message}
              </div>
            ) : null}
            {rotate.error ? (
              <div className="alert-box error" role="alert">
                {rotate.error.message}
              </div>
            ) : null}
          </div>
        )
      ) : null}
    </section>
  );
}
