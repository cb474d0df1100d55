import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { patchAt } from '../lib/lists.ts';
import { api, unwrap } from '../lib/api.ts';
import { canWrite, useUser } from '../lib/session.tsx';
import { CardForm, Empty, ErrorState, FormActions, Loading, PageHead, Time } from '../components/ui.tsx';

type StepType = 'manual' | 'approval' | 'wait';
interface DraftStep {
  name: string;
  type: StepType;
  detail: string;
}

export function RunbooksPage() {
  const user = useUser();
  const [params] = useSearchParams();
  const highlight = params.get('highlight');
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const procedures = useQuery({
    queryKey: ['procedures'],
    queryFn: async () => unwrap(await api.GET('/api/v1/procedures', { params: { query: { limit: 100 } } })).data,
  });
  const run = useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.POST('/api/v1/procedures/{id}/execute', { params: { path: { id } }, body: { parameters: {} } })).data,
    onSuccess: (execution) => navigate(`/executions/${execution.id}`),
  });
  return (
    <>
      <PageHead title="Runbooks">
        {canWrite(user) && !creating ? (
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New runbook
          </button>
        ) : null}
      </PageHead>
      {creating ? <NewRunbook onDone={() => setCreating(false)} /> : null}
      {run.error ? (
        <div className="alert-box error" role="alert">
          {run.error.message}
        </div>
      ) : null}
      {procedures.isPending ? (
        <div className="card">
          <Loading rows={4} />
        </div>
      ) : procedures.error ? (
        <div className="card">
          <ErrorState error={procedures.error} retry={() => void procedures.refetch()} />
        </div>
      ) : procedures.data.length === 0 ? (
        <div className="card">
          <Empty title="No runbooks yet">A runbook is a list of steps: HTTP calls, waits, and steps a person does or approves.</Empty>
        </div>
      ) : (
        procedures.data.map((procedure) => (
          <section
            key={procedure.id}
            className="card stack"
            aria-label={procedure.name}
            style={procedure.id === highlight ? { borderColor: 'var(--focus)' } : undefined}
          >
            <div className="row">
              <h2 style={{ margin: 0 }}>{procedure.name}</h2>
              <span className="muted small">
                v{procedure.version} · updated <Time iso={procedure.updated_at} />
              </span>
              <span style={{ flex: 1 }} />
              {canWrite(user) ? (
                <button type="button" onClick={() => run.mutate(procedure.id)} disabled={run.isPending}>
                  Run
                </button>
              ) : null}
            </div>
            {procedure.description ? (
              <p className="muted" style={{ margin: 0 }}>
                {procedure.description}
              </p>
            ) : null}
            <ol className="small" style={{ margin: 0, paddingLeft: 20 }}>
              {procedure.steps.map((step) => (
                <li key={step.id}>
                  {step.name} <span className="muted">({step.type})</span>
                </li>
              ))}
            </ol>
          </section>
        ))
      )}
    </>
  );
}

function NewRunbook({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [steps, setSteps] = useState<DraftStep[]>([{ name: '', type: 'manual', detail: '' }]);
  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/procedures', {
          body: {
            name,
            description: description || null,
            tags: [],
            steps: steps
              .filter((step) => step.name.trim())
              .map((step) =>
                step.type === 'wait'
                  ? { name: step.name, type: 'wait' as const, config: { seconds: Math.max(1, Number(step.detail) || 1) } }
                  : { name: step.name, type: step.type, config: step.detail ? { instructions: step.detail } : {} },
              ),
          },
        }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['procedures'] });
      onDone();
    },
  });
  const change = (index: number, patch: Partial<DraftStep>) => setSteps((current) => patchAt(current, index, patch));
  return (
    <CardForm title="New runbook" onSubmit={() => create.mutate()}>
      <label>
        Name
        <input required value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Description
        <textarea value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <fieldset className="stack" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="small" style={{ fontWeight: 600, marginBottom: 8 }}>
          Steps
        </legend>
        {steps.map((step, index) => (
          <div key={index} className="field-row">
            <label>
              Step {index + 1}
              <input value={step.name} onChange={(event) => change(index, { name: event.target.value })} />
            </label>
            <label>
              Kind
              <select value={step.type} onChange={(event) => change(index, { type: event.target.value as StepType })}>
                <option value="manual">Manual</option>
                <option value="approval">Approval</option>
                <option value="wait">Wait</option>
              </select>
            </label>
            <label>
              {step.type === 'wait' ? 'Seconds' : 'Instructions'}
              <input value={step.detail} onChange={(event) => change(index, { detail: event.target.value })} />
            </label>
          </div>
        ))}
        <div>
          <button type="button" onClick={() => setSteps((current) => [...current, { name: '', type: 'manual', detail: '' }])}>
            Add a step
          </button>
        </div>
      </fieldset>
      {create.error ? (
        <div className="alert-box error" role="alert">
          {create.error.message}
        </div>
      ) : null}
      <FormActions label="Create" pending={create.isPending} onCancel={onDone} />
    </CardForm>
  );
}
