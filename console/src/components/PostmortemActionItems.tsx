import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, callApi, unwrap } from '../lib/api.ts';
import { FieldErrors } from './ui.tsx';

export interface ActionItem {
  id: string;
  title: string;
  owner_id: string | null;
  owner_name: string | null;
  due_date: string | null;
  done: boolean;
}

/** A postmortem's action items: who does what by when; ticking one marks it done. */
export function PostmortemActionItems({ incidentId, items, writable }: { incidentId: string; items: ActionItem[]; writable: boolean }) {
  const queryClient = useQueryClient();
  const base = `/incidents/${incidentId}/postmortem/action-items`;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['postmortem', incidentId] });
  const users = useQuery({
    queryKey: ['users'],
    queryFn: async () => unwrap(await api.GET('/api/v1/users', { params: { query: { limit: 100 } } })).data,
    staleTime: 60_000,
  });
  const [title, setTitle] = useState('');
  const [owner, setOwner] = useState('');
  const [due, setDue] = useState('');
  const add = useMutation({
    mutationFn: () => callApi('POST', base, { title, owner_id: owner || null, due_date: due || null }),
    onSuccess: () => {
      setTitle('');
      setDue('');
      refresh();
    },
  });
  const change = useMutation({
    mutationFn: (input: { id: string; done: boolean }) => callApi('PATCH', `${base}/${input.id}`, { done: input.done }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => callApi('DELETE', `${base}/${id}`),
    onSuccess: refresh,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <section className="card" aria-labelledby="action-items-title">
      <h2 id="action-items-title">Action items</h2>
      {items.length === 0 ? (
        <p className="small">No action items yet.</p>
      ) : (
        <ul className="stack" aria-label="Action items">
          {items.map((item) => (
            <li key={item.id} className="row">
              <label className="row">
                <input
                  type="checkbox"
                  checked={item.done}
                  disabled={!writable || change.isPending}
                  onChange={(event) => change.mutate({ id: item.id, done: event.target.checked })}
                />
                <span>{item.title}</span>
              </label>
              <span className="muted small">
                {item.owner_name ?? 'no owner'} · {item.due_date ? `due ${item.due_date}` : 'no due date'}
              </span>
              {writable ? (
                <button type="button" className="small" aria-label={`Delete ${item.title}`} onClick={() => remove.mutate(item.id)}>
                  Delete
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <FieldErrors error={change.error ?? remove.error} />
      {writable ? (
        <form className="form" onSubmit={submit} aria-label="New action item">
          <label>
            Action
            <input required maxLength={500} value={title} onChange={(event) => setTitle(event.target.value)} />
          </label>
          <label>
            Owner
            <select value={owner} onChange={(event) => setOwner(event.target.value)}>
              <option value="">Nobody yet</option>
              {(users.data ?? []).map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Due
            <input type="date" value={due} onChange={(event) => setDue(event.target.value)} />
          </label>
          <div className="row">
            <button type="submit" className="primary" disabled={add.isPending}>
              Add action item
            </button>
          </div>
          <FieldErrors error={add.error} />
        </form>
      ) : null}
    </section>
  );
}
