import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { api, expectOk, unwrap, type Schemas } from '../lib/api.ts';
import { isAdmin, useUser } from '../lib/session.tsx';
import { Empty, ErrorState, Loading, Options, PageHead, QueryCard, TableHead, Time } from '../components/ui.tsx';

type Role = Schemas['User']['role'];
const ROLES: Role[] = ['owner', 'admin', 'engineer', 'viewer'];

export function AdminFrame({ title, children }: { title: string; children: ReactNode }) {
  const user = useUser();
  if (!isAdmin(user))
    return (
      <div className="card">
        <Empty title="For owners and admins">Ask an administrator of your organization.</Empty>
      </div>
    );
  return (
    <>
      <PageHead title={title} />
      <nav className="tabs" aria-label="Administration">
        <NavLink to="/admin/users">Users</NavLink>
        <NavLink to="/admin/api-keys">API keys</NavLink>
        <NavLink to="/admin/sso">Single sign-on</NavLink>
        <NavLink to="/admin/settings">Organization</NavLink>
        <NavLink to="/admin/priority-runbooks">Priority runbooks</NavLink>
        <NavLink to="/admin/channels">Chat and phone</NavLink>
      </nav>
      {children}
    </>
  );
}

function Failure({ error }: { error: Error | null }) {
  return error ? (
    <div className="alert-box error" role="alert">
      {error.message}
    </div>
  ) : null;
}

/** A flush card of one query's rows: a skeleton while loading, the error, the empty state, else the table. */
function ListSection<T>({
  label,
  query,
  empty,
  children,
}: {
  label: string;
  query: UseQueryResult<T[]>;
  empty?: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <section className="card card-flush" aria-label={label}>
      {query.isPending ? (
        <div className="card">
          <Loading />
        </div>
      ) : query.error ? (
        <ErrorState error={query.error} />
      ) : query.data.length === 0 && empty ? (
        empty
      ) : (
        children(query.data)
      )}
    </section>
  );
}

export function UsersPage() {
  const me = useUser();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('engineer');
  const users = useQuery({
    queryKey: ['users'],
    queryFn: async () => unwrap(await api.GET('/api/v1/users', { params: { query: { limit: 100 } } })).data,
  });
  const invitations = useQuery({
    queryKey: ['invitations'],
    queryFn: async () => unwrap(await api.GET('/api/v1/invitations', { params: { query: { limit: 100 } } })).data,
  });
  const invite = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/invitations', { body: { email, role } })),
    onSuccess: () => {
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: ['invitations'] });
    },
  });
  const changeRole = useMutation({
    mutationFn: async ({ id, role: next }: { id: string; role: Role }) =>
      unwrap(await api.PATCH('/api/v1/users/{id}', { params: { path: { id } }, body: { role: next } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <AdminFrame title="Users">
      <form className="card field-row" onSubmit={submit} aria-label="Invite a user">
        <label>
          Email
          <input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Role
          <select value={role} onChange={(event) => setRole(event.target.value as Role)}>
            <Options values={ROLES.filter((known) => known !== 'owner' || me.role === 'owner')} />
          </select>
        </label>
        <button type="submit" className="primary" disabled={invite.isPending}>
          Invite
        </button>
        <Failure error={invite.error} />
      </form>
      <Failure error={changeRole.error} />
      <ListSection label="Members" query={users}>
        {(rows) => (
          <table>
            <TableHead columns={['Name', { label: 'Email', hideNarrow: true }, 'Role', { label: 'Joined', hideNarrow: true }]} />
            <tbody>
              {rows.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.name}
                    {member.id === me.id ? <span className="muted small"> (you)</span> : null}
                  </td>
                  <td className="hide-narrow">{member.email}</td>
                  <td>
                    <label className="visually-hidden" htmlFor={`role-${member.id}`}>
                      Role of {member.name}
                    </label>
                    <select
                      id={`role-${member.id}`}
                      value={member.role}
                      disabled={member.id === me.id}
                      onChange={(event) => changeRole.mutate({ id: member.id, role: event.target.value as Role })}
                    >
                      <Options values={ROLES} />
                    </select>
                  </td>
                  <td className="hide-narrow">
                    <Time iso={member.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListSection>
      {invitations.data && invitations.data.length > 0 ? (
        <section className="card" aria-labelledby="pending-title">
          <h2 id="pending-title">Pending invitations</h2>
          <ul className="list">
            {invitations.data.map((invitation) => (
              <li key={invitation.id}>
                {invitation.email} <span className="muted small">· {invitation.role}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AdminFrame>
  );
}

const KEY_PRESETS = {
  'Read only': ['incidents:read', 'procedures:read', 'executions:read', 'search:execute'],
  'Incident automation': [
    'incidents:read',
    'incidents:create',
    'incidents:update',
    'procedures:read',
    'procedures:execute',
    'executions:read',
    'executions:update',
  ],
  'Send alerts': ['incidents:create', 'integrations:read'],
} as const;
type Preset = keyof typeof KEY_PRESETS;

export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [preset, setPreset] = useState<Preset>('Read only');
  const [created, setCreated] = useState<string>();
  const keys = useQuery({
    queryKey: ['api-keys'],
    queryFn: async () => unwrap(await api.GET('/api/v1/api-keys', { params: { query: { limit: 100 } } })).data,
  });
  const create = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/api-keys', { body: { name, permissions: [...KEY_PRESETS[preset]] } })).data,
    onSuccess: (key) => {
      setCreated(key.api_key);
      setName('');
      void queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
  const remove = useMutation({
    mutationFn: async (id: string) => expectOk(await api.DELETE('/api/v1/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
  return (
    <AdminFrame title="API keys">
      <form
        className="card field-row"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
        aria-label="Create an API key"
      >
        <label>
          Name
          <input required value={name} onChange={(event) => setName(event.target.value)} placeholder="CI pipeline" />
        </label>
        <label>
          Permissions
          <select value={preset} onChange={(event) => setPreset(event.target.value as Preset)}>
            <Options values={Object.keys(KEY_PRESETS)} />
          </select>
        </label>
        <button type="submit" className="primary" disabled={create.isPending}>
          Create key
        </button>
        <Failure error={create.error} />
      </form>
      {created ? (
        <div className="alert-box warn stack" role="status">
          <strong>The new key: copy it now, it is not shown again.</strong>
          <code className="secret">{created}</code>
        </div>
      ) : null}
      <Failure error={remove.error} />
      <ListSection label="Keys" query={keys} empty={<Empty title="No API key yet">Keys let scripts and other systems call the API.</Empty>}>
        {(rows) => (
          <table>
            <TableHead columns={['Name', { label: 'Key', hideNarrow: true }, { label: 'Last used', hideNarrow: true }]} actions />
            <tbody>
              {rows.map((key) => (
                <tr key={key.id}>
                  <td>
                    {key.name}
                    <div className="muted small">{key.permissions.join(', ')}</div>
                  </td>
                  <td className="hide-narrow">
                    <code>{key.prefix}…</code>
                  </td>
                  <td className="hide-narrow">
                    <Time iso={key.last_used_at} />
                  </td>
                  <td>
                    <button type="button" className="danger" onClick={() => remove.mutate(key.id)}>
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListSection>
    </AdminFrame>
  );
}

const SSO_EXAMPLE = '{\n  "issuer": "https://idp.example.com",\n  "client_id": "tocsin",\n  "client_secret": "…"\n}';

export function SsoPage() {
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ name: '', kind: 'oidc', domains: '', default_role: 'engineer' as Role, config: SSO_EXAMPLE });
  const connections = useQuery({
    queryKey: ['sso'],
    queryFn: async () => unwrap(await api.GET('/api/v1/sso/connections', { params: { query: { limit: 100 } } })).data,
  });
  const create = useMutation({
    mutationFn: async () => {
      let config: unknown;
      try {
        config = JSON.parse(form.config);
      } catch {
        throw new Error('The configuration is not valid JSON');
      }
      const body = {
        name: form.name,
        kind: form.kind,
        domains: form.domains
          .split(',')
          .map((domain) => domain.trim())
          .filter(Boolean),
        default_role: form.default_role,
        config,
      };
      return unwrap(await api.POST('/api/v1/sso/connections', { body: body as never })).data;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['sso'] }),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => expectOk(await api.DELETE('/api/v1/sso/connections/{id}', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['sso'] }),
  });
  return (
    <AdminFrame title="Single sign-on">
      <ListSection
        label="Connections"
        query={connections}
        empty={
          <Empty title="No connection">
            Connect an OpenID Connect or SAML identity provider so people sign in with their work account.
          </Empty>
        }
      >
        {(rows) => (
          <table>
            <TableHead
              columns={['Name', 'Kind', { label: 'Domains', hideNarrow: true }, { label: 'Register at the provider', hideNarrow: true }]}
              actions
            />
            <tbody>
              {rows.map((connection) => (
                <tr key={connection.id}>
                  <td>{connection.name}</td>
                  <td>{connection.kind}</td>
                  <td className="hide-narrow">{connection.domains.join(', ')}</td>
                  <td className="hide-narrow small">
                    <code>{connection.redirect_uri ?? connection.acs_url}</code>
                  </td>
                  <td>
                    <button type="button" className="danger" onClick={() => remove.mutate(connection.id)}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListSection>
      <Failure error={remove.error} />
      <form
        className="card form"
        aria-label="Add a connection"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <h2>Add a connection</h2>
        <div className="field-row">
          <label>
            Name
            <input required value={form.name} onChange={(event) => setForm({ ...form, name: event.target.value })} />
          </label>
          <label>
            Kind
            <select value={form.kind} onChange={(event) => setForm({ ...form, kind: event.target.value })}>
              <Options values={['oidc', 'okta', 'azure', 'google', 'saml']} />
            </select>
          </label>
          <label>
            Email domains
            <input
              required
              placeholder="acme.com, acme.io"
              value={form.domains}
              onChange={(event) => setForm({ ...form, domains: event.target.value })}
            />
          </label>
          <label>
            Role of new users
            <select value={form.default_role} onChange={(event) => setForm({ ...form, default_role: event.target.value as Role })}>
              <Options values={ROLES.filter((role) => role !== 'owner')} />
            </select>
          </label>
        </div>
        <label>
          Configuration (JSON; secrets are stored encrypted and never shown again)
          <textarea className="mono" rows={6} value={form.config} onChange={(event) => setForm({ ...form, config: event.target.value })} />
        </label>
        <Failure error={create.error} />
        <div>
          <button type="submit" className="primary" disabled={create.isPending}>
            Add connection
          </button>
        </div>
      </form>
    </AdminFrame>
  );
}

export function SettingsPage() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['settings'], queryFn: async () => unwrap(await api.GET('/api/v1/organization-settings')).data });
  const save = useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      unwrap(await api.PATCH('/api/v1/organization-settings', { body: body as never })).data,
    onSuccess: (data) => queryClient.setQueryData(['settings'], data),
  });
  if (settings.isPending || settings.error)
    return (
      <AdminFrame title="Organization">
        <QueryCard query={settings} rows={5} retry={false}>
          {() => null}
        </QueryCard>
      </AdminFrame>
    );
  const current = settings.data;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const autoResolve = String(data.get('auto_resolve_after_hours') ?? '').trim();
    save.mutate({
      timezone: String(data.get('timezone')),
      default_incident_severity: String(data.get('default_incident_severity')),
      retention_days: Number(data.get('retention_days')),
      auto_resolve_after_hours: autoResolve ? Number(autoResolve) : null,
      sso_required: data.get('sso_required') === 'on',
      notifications: {
        min_severity: String(data.get('min_severity')),
        notify_on_resolve: data.get('notify_on_resolve') === 'on',
        email: data.get('email') === 'on',
      },
    });
  };
  return (
    <AdminFrame title="Organization">
      <form className="card form" onSubmit={submit} aria-label="Organization settings">
        <div className="field-row">
          <label>
            Time zone (analytics buckets)
            <input name="timezone" defaultValue={current.timezone} />
          </label>
          <label>
            Default severity
            <select name="default_incident_severity" defaultValue={current.default_incident_severity}>
              <Options values={['critical', 'high', 'medium', 'low']} />
            </select>
          </label>
          <label>
            Retention (days)
            <input name="retention_days" type="number" min={1} defaultValue={current.retention_days} />
          </label>
          <label>
            Auto-resolve after (hours, empty: never)
            <input
              name="auto_resolve_after_hours"
              type="number"
              step="any"
              min={0.001}
              defaultValue={current.auto_resolve_after_hours ?? ''}
            />
          </label>
        </div>
        <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="small" style={{ fontWeight: 600, marginBottom: 8 }}>
            Notifications
          </legend>
          <div className="field-row">
            <label>
              Notify from severity
              <select name="min_severity" defaultValue={current.notifications.min_severity}>
                <Options values={['critical', 'high', 'medium', 'low']} />
              </select>
            </label>
            <label className="row" style={{ flexDirection: 'row' }}>
              <input
                type="checkbox"
                name="notify_on_resolve"
                defaultChecked={current.notifications.notify_on_resolve}
                style={{ minHeight: 0 }}
              />
              Also when resolved
            </label>
            <label className="row" style={{ flexDirection: 'row' }}>
              <input type="checkbox" name="email" defaultChecked={current.notifications.email} style={{ minHeight: 0 }} />
              By email too
            </label>
          </div>
        </fieldset>
        <label className="row" style={{ flexDirection: 'row' }}>
          <input type="checkbox" name="sso_required" defaultChecked={current.sso_required} style={{ minHeight: 0 }} />
          Require single sign-on (owners keep their password)
        </label>
        <Failure error={save.error} />
        {save.isSuccess ? (
          <div className="alert-box ok" role="status">
            Saved.
          </div>
        ) : null}
        <div>
          <button type="submit" className="primary" disabled={save.isPending}>
            Save settings
          </button>
        </div>
      </form>
    </AdminFrame>
  );
}
