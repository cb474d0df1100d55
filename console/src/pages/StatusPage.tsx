import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ApiError, expectOk, unwrap, type Schemas } from '../lib/api.ts';
import { CardForm, Empty, FieldErrors, PageHead, QueryCard, TableHead } from '../components/ui.tsx';

type Settings = Schemas['StatusPageSettings'];
type ComponentStatus = Schemas['StatusPageComponent']['status'];

const STATUS_LABELS: Record<ComponentStatus, string> = {
  operational: 'Operational',
  under_maintenance: 'Under maintenance',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
};

/** The override a select's value names; empty (derived from incidents) is none. */
function overrideOf(value: string): ComponentStatus | null {
  return (Object.keys(STATUS_LABELS) as ComponentStatus[]).find((status) => status === value) ?? null;
}

/** The organization's public status page: its address, whether it is served, and its components. */
export function StatusPageSettingsPage() {
  const settings = useQuery({
    queryKey: ['status-page'],
    queryFn: async () => {
      try {
        return unwrap(await api.GET('/api/v1/status-page')).data;
      } catch (error) {
        // Not set up yet: the form starts empty.
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
  return (
    <>
      <PageHead title="Status page" />
      <QueryCard query={settings} label="Loading the status page">
        {(current) => (
          <>
            <SettingsForm key={current ? `${current.slug}:${current.custom_domain ?? ''}` : 'new'} current={current} />
            <Components />
          </>
        )}
      </QueryCard>
    </>
  );
}

function SettingsForm({ current }: { current: Settings | null }) {
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState(current?.slug ?? '');
  const [title, setTitle] = useState(current?.title ?? '');
  const [enabled, setEnabled] = useState(current?.enabled ?? false);
  const [domain, setDomain] = useState(current?.custom_domain ?? '');
  const save = useMutation({
    mutationFn: async () =>
      unwrap(await api.PUT('/api/v1/status-page', { body: { slug, title, enabled, custom_domain: domain.trim() || null } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['status-page'] }),
  });
  return (
    <CardForm title="Page" onSubmit={() => save.mutate()}>
      {current?.enabled ? (
        <p>
          Served at <a href={current.url}>{current.url}</a>
        </p>
      ) : (
        <p>Not served: customers see nothing until you enable it.</p>
      )}
      <label>
        Address (slug)
        <input
          required
          pattern="[a-z0-9][a-z0-9-]{1,61}[a-z0-9]"
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
          placeholder="acme"
        />
      </label>
      <label>
        Title
        <input required maxLength={200} value={title} onChange={(event) => setTitle(event.target.value)} placeholder="Acme Cloud" />
      </label>
      <label>
        Custom domain (optional)
        <input value={domain} onChange={(event) => setDomain(event.target.value)} placeholder="status.acme.com" />
      </label>
      <label className="row">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        Enabled (served without login)
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={save.isPending}>
          Save
        </button>
      </div>
      <FieldErrors error={save.error} />
    </CardForm>
  );
}

function Components() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['status-page-components'] });
  const components = useQuery({
    queryKey: ['status-page-components'],
    queryFn: async () => unwrap(await api.GET('/api/v1/status-page/components')).data,
    refetchInterval: 30_000,
  });
  const integrations = useQuery({
    queryKey: ['integrations'],
    queryFn: async () => unwrap(await api.GET('/api/v1/integrations', { params: { query: { limit: 100 } } })).data,
  });
  const names = new Map((integrations.data ?? []).map((integration) => [integration.id, integration.name]));
  const override = useMutation({
    mutationFn: async ({ id, status }: { id: string; status: ComponentStatus | null }) =>
      unwrap(await api.PATCH('/api/v1/status-page/components/{id}', { params: { path: { id } }, body: { status_override: status } })).data,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: string) => expectOk(await api.DELETE('/api/v1/status-page/components/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  return (
    <>
      <NewComponent integrations={integrations.data ?? []} onCreated={refresh} />
      <QueryCard query={components} label="Loading components">
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <Empty title="No component yet">
                Components are what customers see: each follows the open incidents of its integrations.
              </Empty>
            </div>
          ) : (
            <div className="card">
              <table>
                <TableHead columns={['Component', 'Shown now', { label: 'Integrations', hideNarrow: true }, 'Override']} actions />
                <tbody>
                  {list.map((component) => (
                    <tr key={component.id}>
                      <td>{component.name}</td>
                      <td>{STATUS_LABELS[component.status] ?? component.status}</td>
                      <td className="hide-narrow">{component.integration_ids.map((id) => names.get(id) ?? id).join(', ') || '-'}</td>
                      <td>
                        <select
                          aria-label={`Override the status of ${component.name}`}
                          value={component.status_override ?? ''}
                          onChange={(event) => override.mutate({ id: component.id, status: overrideOf(event.target.value) })}
                        >
                          <option value="">Derived from incidents</option>
                          {Object.entries(STATUS_LABELS).map(([value, label]) => (
                            <option key={value} value={value}>
                              {label}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td className="row">
                        <button
                          type="button"
                          onClick={() => window.confirm(`Remove ${component.name} from the status page?`) && remove.mutate(component.id)}
                          disabled={remove.isPending}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <FieldErrors error={override.error ?? remove.error} />
            </div>
          )
        }
      </QueryCard>
    </>
  );
}

function NewComponent({ integrations, onCreated }: { integrations: Array<{ id: string; name: string }>; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/status-page/components', {
          body: { name, description: description.trim() || null, integration_ids: chosen },
        }),
      ).data,
    onSuccess: () => {
      setName('');
      setDescription('');
      setChosen([]);
      onCreated();
    },
  });
  return (
    <CardForm title="New component" onSubmit={() => create.mutate()}>
      <label>
        Name
        <input required maxLength={200} value={name} onChange={(event) => setName(event.target.value)} placeholder="Public API" />
      </label>
      <label>
        Description (optional)
        <input maxLength={1000} value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <fieldset>
        <legend>Follows the open incidents of</legend>
        {integrations.map((integration) => (
          <label key={integration.id} className="row">
            <input
              type="checkbox"
              checked={chosen.includes(integration.id)}
              onChange={(event) =>
                setChosen(event.target.checked ? [...chosen, integration.id] : chosen.filter((id) => id !== integration.id))
              }
            />
            {integration.name}
          </label>
        ))}
      </fieldset>
      <div className="row">
        <button type="submit" className="primary" disabled={create.isPending}>
          Add component
        </button>
      </div>
      <FieldErrors error={create.error} />
    </CardForm>
  );
}
