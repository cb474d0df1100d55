import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { patchAt, removeAt } from '../lib/lists.ts';
import { api, expectOk, unwrap } from '../lib/api.ts';
import { formatMinutes } from '../lib/paging-format.ts';
import { POLICIES_KEY, usePolicies, type EscalationPolicy, type EscalationTarget } from '../lib/paging.ts';
import { memberName, useMembers, useSchedules, type Member, type Schedule } from '../lib/schedules.ts';
import { isAdmin, useUser } from '../lib/session.tsx';
import { teamName, useTeams, type Team, type TeamTarget } from '../lib/teams.ts';
import { CardForm, Empty, FieldErrors, FormActions, PageHead, QueryCard } from '../components/ui.tsx';

/** The heading and tabs the paging set-up pages share. */
export function PagingFrame({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHead title={title}>{action}</PageHead>
      <nav className="tabs" aria-label="Paging">
        <NavLink to="/escalation-policies">Escalation policies</NavLink>
        <NavLink to="/routing-rules">Routing rules</NavLink>
        <NavLink to="/my-paging">My paging</NavLink>
      </nav>
      {children}
    </>
  );
}

/** A level's target: a member, a schedule or a team (the generated client names the first two until regenerated). */
type PolicyTarget = EscalationTarget | TeamTarget;

function targetName(
  target: PolicyTarget,
  members: readonly Member[] | undefined,
  schedules: readonly Schedule[] | undefined,
  teams: readonly Team[] | undefined,
): string {
  if (target.type === 'user') return memberName(members, target.id);
  if (target.type === 'team') return `${teamName(teams, target.id)} (team on call, else every member)`;
  const schedule = schedules?.find((candidate) => candidate.id === target.id);
  return `${schedule?.name ?? 'A deleted schedule'} (on call)`;
}

export function EscalationPoliciesPage() {
  const user = useUser();
  const admin = isAdmin(user);
  const policies = usePolicies();
  const members = useMembers();
  const schedules = useSchedules();
  const teams = useTeams();
  const [editing, setEditing] = useState<EscalationPolicy | 'new'>();
  return (
    <PagingFrame
      title="Escalation policies"
      action={
        admin && !editing ? (
          <button type="button" className="primary" onClick={() => setEditing('new')}>
            New policy
          </button>
        ) : null
      }
    >
      {editing ? (
        <PolicyForm
          key={editing === 'new' ? 'new' : editing.id}
          policy={editing === 'new' ? undefined : editing}
          members={members.data ?? []}
          schedules={schedules.data ?? []}
          teams={teams.data ?? []}
          onDone={() => setEditing(undefined)}
        />
      ) : null}
      <QueryCard query={policies} label="Loading escalation policies">
        {(list) =>
          list.length === 0 ? (
            <div className="card">
              <Empty title="No escalation policies yet">
                A policy says who is paged when an incident opens, and who next when nobody acknowledges.
                {admin ? null : ' Owners and admins create them.'}
              </Empty>
            </div>
          ) : (
            <div className="stack">
              {list.map((policy) => (
                <PolicyCard
                  key={policy.id}
                  policy={policy}
                  admin={admin}
                  describe={(target) => targetName(target, members.data, schedules.data, teams.data)}
                  onEdit={() => setEditing(policy)}
                />
              ))}
            </div>
          )
        }
      </QueryCard>
    </PagingFrame>
  );
}

function PolicyCard({
  policy,
  admin,
  describe,
  onEdit,
}: {
  policy: EscalationPolicy;
  admin: boolean;
  describe: (target: PolicyTarget) => string;
  onEdit: () => void;
}) {
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const remove = useMutation({
    mutationFn: async () => expectOk(await api.DELETE('/api/v1/escalation-policies/{id}', { params: { path: { id: policy.id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [POLICIES_KEY] }),
  });
  const headingId = `policy-${policy.id}`;
  return (
    <section className="card stack" aria-labelledby={headingId}>
      <div className="row">
        <h2 id={headingId} style={{ margin: 0 }}>
          {policy.name}
        </h2>
        {policy.is_default ? <span className="badge st-investigating">default</span> : null}
        <span className="spacer" style={{ flex: 1 }} />
        {admin ? (
          <div className="row">
            <button type="button" onClick={onEdit} aria-label={`Edit ${policy.name}`}>
              Edit
            </button>
            <button type="button" className="danger" onClick={() => setConfirm(true)} aria-label={`Delete ${policy.name}`}>
              Delete
            </button>
          </div>
        ) : null}
      </div>
      {policy.description ? <p style={{ margin: 0 }}>{policy.description}</p> : null}
      {confirm ? (
        <div className="alert-box warn row" role="alertdialog" aria-label={`Delete ${policy.name}`}>
          <span>Delete {policy.name}? Integrations that use it fall back to the default policy.</span>
          <button type="button" className="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Delete for good
          </button>
          <button type="button" onClick={() => setConfirm(false)}>
            Keep it
          </button>
          <FieldErrors error={remove.error} />
        </div>
      ) : null}
      <ol className="steps" aria-label={`Levels of ${policy.name}`}>
        {policy.levels.map((level, index) => (
          <li key={index}>
            <strong>Level {index + 1}:</strong> {level.targets.map(describe).join(', ')}
            <div className="muted small">
              {index + 1 < policy.levels.length
                ? `Level ${index + 2} after ${formatMinutes(level.delay_minutes)} without acknowledgement`
                : policy.repeat > 0
                  ? `Level 1 again after ${formatMinutes(level.delay_minutes)} without acknowledgement, in the next round`
                  : 'The last level: the escalation ends once it is paged'}
            </div>
          </li>
        ))}
      </ol>
      <div className="muted small">
        {policy.repeat === 0
          ? 'Runs once.'
          : `Repeats ${policy.repeat} ${policy.repeat === 1 ? 'time' : 'times'} when nobody acknowledges.`}
      </div>
    </section>
  );
}

interface LevelDraft {
  targets: PolicyTarget[];
  delay: string;
  /** `all`: every target at once; `round_robin`: one at a time, the next after the delay. */
  mode: 'all' | 'round_robin';
}

/** Create a policy, or edit one (`policy` given): name, levels with their targets and delays, repeat, default. */
function PolicyForm({
  policy,
  members,
  schedules,
  teams,
  onDone,
}: {
  policy?: EscalationPolicy;
  members: readonly Member[];
  schedules: readonly Schedule[];
  teams: readonly Team[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(policy?.name ?? '');
  const [description, setDescription] = useState(policy?.description ?? '');
  const [repeat, setRepeat] = useState(String(policy?.repeat ?? 0));
  const [isDefault, setIsDefault] = useState(policy?.is_default ?? false);
  const [levels, setLevels] = useState<LevelDraft[]>(() =>
    policy
      ? policy.levels.map((level) => ({ targets: level.targets, delay: String(level.delay_minutes), mode: level.mode ?? 'all' }))
      : [{ targets: [], delay: '15', mode: 'all' }],
  );
  const save = useMutation({
    mutationFn: async () => {
      const body = {
        name,
        description: description.trim() || null,
        repeat: Number(repeat),
        is_default: isDefault,
        // Team targets are valid API input the generated client does not know until it is regenerated.
        levels: levels.map((level) => ({
          targets: level.targets as EscalationTarget[],
          delay_minutes: Number(level.delay),
          mode: level.mode,
        })),
      };
      return policy
        ? unwrap(await api.PATCH('/api/v1/escalation-policies/{id}', { params: { path: { id: policy.id } }, body })).data
        : unwrap(await api.POST('/api/v1/escalation-policies', { body })).data;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [POLICIES_KEY] });
      onDone();
    },
  });
  const change = (index: number, patch: Partial<LevelDraft>) => setLevels((current) => patchAt(current, index, patch));
  const title = policy ? `Edit ${policy.name}` : 'New escalation policy';
  return (
    <CardForm title={title} onSubmit={() => save.mutate()}>
      <div className="field-row">
        <label>
          Name
          <input required value={name} onChange={(event) => setName(event.target.value)} placeholder="Payments" />
        </label>
        <label>
          Repeat (extra rounds when nobody acknowledges)
          <input type="number" min={0} step={1} required value={repeat} onChange={(event) => setRepeat(event.target.value)} />
        </label>
      </div>
      <label>
        Description
        <textarea value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <label className="check">
        <input type="checkbox" checked={isDefault} onChange={(event) => setIsDefault(event.target.checked)} />
        The organization&apos;s default policy (for integrations that name none)
      </label>
      {levels.map((level, index) => (
        <LevelFields
          key={index}
          index={index}
          level={level}
          members={members}
          schedules={schedules}
          teams={teams}
          onChange={(patch) => change(index, patch)}
          onRemove={levels.length > 1 ? () => setLevels((current) => removeAt(current, index)) : undefined}
        />
      ))}
      <div>
        <button type="button" onClick={() => setLevels((current) => [...current, { targets: [], delay: '15', mode: 'all' }])}>
          Add a level
        </button>
      </div>
      <FieldErrors error={save.error} />
      <FormActions label={policy ? 'Save' : 'Create policy'} pending={save.isPending} onCancel={onDone} />
    </CardForm>
  );
}

function LevelFields({
  index,
  level,
  members,
  schedules,
  teams,
  onChange,
  onRemove,
}: {
  index: number;
  level: LevelDraft;
  members: readonly Member[];
  schedules: readonly Schedule[];
  teams: readonly Team[];
  onChange: (patch: Partial<LevelDraft>) => void;
  onRemove?: () => void;
}) {
  const [pick, setPick] = useState('');
  const label = `Level ${index + 1}`;
  const chosen = (type: string, id: string) => level.targets.some((target) => target.type === type && target.id === id);
  const add = () => {
    const [type, id] = pick.split(':') as [PolicyTarget['type'], string];
    if (!id || chosen(type, id)) return;
    onChange({ targets: [...level.targets, { type, id }] });
    setPick('');
  };
  return (
    <fieldset className="layer-fields stack">
      <legend>{label}</legend>
      {level.targets.length === 0 ? (
        <p className="muted small" style={{ margin: 0 }}>
          Nobody yet: add a member, a schedule or a team.
        </p>
      ) : (
        <ul className="list" aria-label={`${label} targets`}>
          {level.targets.map((target) => (
            <li key={`${target.type}:${target.id}`} className="row">
              <span>{targetName(target, members, schedules, teams)}</span>
              <button
                type="button"
                className="ghost"
                aria-label={`Remove from ${label}`}
                onClick={() => onChange({ targets: level.targets.filter((other) => other !== target) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field-row">
        <label>
          {label}: add
          <select value={pick} onChange={(event) => setPick(event.target.value)}>
            <option value="">Choose a member, schedule or team</option>
            <optgroup label="Schedules (whoever is on call)">
              {schedules.map((schedule) => (
                <option key={schedule.id} value={`schedule:${schedule.id}`} disabled={chosen('schedule', schedule.id)}>
                  {schedule.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Teams (whoever is on call, else every member)">
              {teams.map((team) => (
                <option key={team.id} value={`team:${team.id}`} disabled={chosen('team', team.id)}>
                  {team.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Members">
              {members.map((member) => (
                <option key={member.id} value={`user:${member.id}`} disabled={chosen('user', member.id)}>
                  {member.name}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <div style={{ alignSelf: 'end' }}>
          <button type="button" onClick={add} disabled={!pick}>
            Add to {label.toLowerCase()}
          </button>
        </div>
        <label>
          {label}: minutes before the next
          <input
            type="number"
            min={0.05}
            max={1440}
            step="any"
            required
            value={level.delay}
            onChange={(event) => onChange({ delay: event.target.value })}
          />
        </label>
        <label>
          {label}: page its targets
          <select value={level.mode} onChange={(event) => onChange({ mode: event.target.value === 'round_robin' ? 'round_robin' : 'all' })}>
            <option value="all">all at once</option>
            <option value="round_robin">one at a time (round-robin)</option>
          </select>
        </label>
      </div>
      {onRemove ? (
        <div>
          <button type="button" className="ghost" onClick={onRemove}>
            Remove {label.toLowerCase()}
          </button>
        </div>
      ) : null}
    </fieldset>
  );
}
