import type { EntityManager } from '@mikro-orm/core';
import type { HandoffKind, HandoffNotice, HandoffPreference } from '../../domain/handoff-notices.ts';
import { uuidv7 } from '../../uuidv7.ts';
import { renderableSchedules, type RenderableSchedule } from './schedule-definitions.ts';
import { runStatement } from './statement.ts';

const run = runStatement;

/** A member's handoff choices; a member who never chose is told nothing. */
export async function handoffPreferenceOf(em: EntityManager, organizationId: string, userId: string): Promise<HandoffPreference> {
  const [row] = await run<Array<{ notice_minutes: number | null; notify_on_shift_end: boolean }>>(
    em,
    'select notice_minutes, notify_on_shift_end from handoff_preferences where organization_id = ? and user_id = ?',
    [organizationId, userId],
  );
  return { noticeMinutes: row?.notice_minutes ?? null, notifyOnShiftEnd: row?.notify_on_shift_end ?? false };
}

/** A member's choices; nothing is written for an account that is not the organization's. */
export async function saveHandoffPreference(em: EntityManager, organizationId: string, userId: string, preference: HandoffPreference) {
  await run(
    em,
    `insert into handoff_preferences (user_id, organization_id, notice_minutes, notify_on_shift_end, updated_at)
     select u.id, u.organization_id, ?, ?, now() from users u where u.id = ? and u.organization_id = ?
     on conflict (user_id) do update set notice_minutes = excluded.notice_minutes, notify_on_shift_end = excluded.notify_on_shift_end, updated_at = now()
     where handoff_preferences.organization_id = excluded.organization_id`,
    [preference.noticeMinutes, preference.notifyOnShiftEnd, userId, organizationId],
  );
}

/** Members' handoff choices; every read and write is confined to the organization given. */
export interface HandoffPreferenceStore {
  preferenceOf(organizationId: string, userId: string): Promise<HandoffPreference>;
  savePreference(organizationId: string, userId: string, preference: HandoffPreference): Promise<void>;
}

export function createHandoffPreferenceStore(em: EntityManager): HandoffPreferenceStore {
  return {
    preferenceOf: (organizationId, userId) => handoffPreferenceOf(em, organizationId, userId),
    savePreference: (organizationId, userId, preference) => saveHandoffPreference(em, organizationId, userId, preference),
  };
}

/** The members of the organization who chose to be told anything. */
export async function organizationHandoffPreferences(em: EntityManager, organizationId: string): Promise<Map<string, HandoffPreference>> {
  type Row = { user_id: string; notice_minutes: number | null; notify_on_shift_end: boolean };
  const rows = await run<Row[]>(
    em,
    `select p.user_id, p.notice_minutes, p.notify_on_shift_end from handoff_preferences p
     join users u on u.id = p.user_id and u.organization_id = p.organization_id
     where p.organization_id = ? and (p.notice_minutes is not null or p.notify_on_shift_end)`,
    [organizationId],
  );
  return new Map(rows.map((row: Row) => [row.user_id, { noticeMinutes: row.notice_minutes, notifyOnShiftEnd: row.notify_on_shift_end }]));
}

/**
 * Stores a plan: new notices inserted (an existing key, sent or not, is kept as it is), and the
 * organization's unsent notices the plan no longer holds (a changed schedule, a changed choice) removed.
 */
export async function saveHandoffPlan(em: EntityManager, organizationId: string, notices: readonly HandoffNotice[]): Promise<void> {
  const rows = JSON.stringify(
    notices.map((n) => ({
      id: uuidv7(),
      user_id: n.user,
      schedule_id: n.scheduleId,
      kind: n.kind,
      shift_start: new Date(n.shiftStart).toISOString(),
      shift_end: new Date(n.shiftEnd).toISOString(),
      send_at: new Date(n.sendAt).toISOString(),
    })),
  );
  await run(
    em,
    `with plan as (select * from jsonb_to_recordset(?::jsonb) as x(id uuid, user_id uuid, schedule_id uuid, kind text, shift_start timestamptz, shift_end timestamptz, send_at timestamptz)),
     gone as (delete from handoff_notices h where h.organization_id = ? and h.sent_at is null
       and not exists (select 1 from plan where plan.user_id = h.user_id and plan.schedule_id = h.schedule_id and plan.shift_start = h.shift_start and plan.kind = h.kind))
     insert into handoff_notices (id, organization_id, user_id, schedule_id, kind, shift_start, shift_end, send_at, created_at)
     select plan.id, ?, plan.user_id, plan.schedule_id, plan.kind, plan.shift_start, plan.shift_end, plan.send_at, now() from plan
     join users u on u.id = plan.user_id and u.organization_id = ?
     join schedules s on s.id = plan.schedule_id and s.organization_id = ?
     on conflict (user_id, schedule_id, shift_start, kind) do update set send_at = excluded.send_at, shift_end = excluded.shift_end
       where handoff_notices.sent_at is null`,
    [rows, organizationId, organizationId, organizationId, organizationId],
  );
}

/** When the organization's next unsent notice is due (epoch ms), null when none is. */
export async function nextHandoffNoticeAt(em: EntityManager, organizationId: string): Promise<number | null> {
  const [row] = await run<Array<{ at: Date | null }>>(
    em,
    'select min(send_at) as at from handoff_notices where organization_id = ? and sent_at is null',
    [organizationId],
  );
  return row?.at ? new Date(row.at).getTime() : null;
}

export interface ClaimedHandoffNotice {
  id: string;
  user_id: string;
  /** The account's address and each verified email contact method's, once each. */
  addresses: string[];
  schedule_id: string;
  schedule_name: string;
  time_zone: string;
  kind: HandoffKind;
  shift_start: Date;
  shift_end: Date;
}

/**
 * Marks the notices due by `now` sent and answers them: whoever claims a notice is the only one to
 * send it, however many planners or retries run.
 */
export function claimDueHandoffNotices(
  em: EntityManager,
  organizationId: string,
  now: Date,
  limit: number,
): Promise<ClaimedHandoffNotice[]> {
  return run<ClaimedHandoffNotice[]>(
    em,
    `with due as (select id from handoff_notices where organization_id = ? and sent_at is null and send_at <= ?
       order by send_at limit ? for update skip locked)
     update handoff_notices h set sent_at = now() from due, users u, schedules s
     where h.id = due.id and u.id = h.user_id and s.id = h.schedule_id
     returning h.id, h.user_id,
       array(select u.email union select c.address from contact_methods c where c.user_id = h.user_id and c.organization_id = h.organization_id
             and c.type = 'email' and c.verified_at is not null and c.address is not null) as addresses,
       h.schedule_id, s.name as schedule_name, s.time_zone, h.kind, h.shift_start, h.shift_end`,
    [organizationId, now, limit],
  );
}

/** Gives a claimed notice back after its send failed, so the retry sends it. */
export async function releaseHandoffNotice(em: EntityManager, organizationId: string, id: string): Promise<void> {
  await run(em, 'update handoff_notices set sent_at = null where id = ? and organization_id = ?', [id, organizationId]);
}

export interface InheritedIncident {
  id: string;
  title: string;
  severity: string;
  status: string;
}

/**
 * The open incidents whose escalation policy pages the schedule, directly or through the team that
 * owns it: what its next on-call inherits.
 */
export function openIncidentsOfSchedule(em: EntityManager, organizationId: string, scheduleId: string, limit: number) {
  return run<InheritedIncident[]>(
    em,
    `select i.id, i.title, i.severity, i.status from incidents i
     join escalation_policies p on p.id = i.escalation_policy_id and p.organization_id = i.organization_id
     where i.organization_id = ? and i.status <> 'resolved'
       and exists (select 1 from jsonb_array_elements(p.levels::jsonb) l, jsonb_array_elements(l->'targets') t
                   where (t->>'type' = 'schedule' and t->>'id' = ?)
                      or (t->>'type' = 'team' and t->>'id' = (select s.team_id::text from schedules s
                                                             where s.id::text = ? and s.organization_id = i.organization_id)))
     order by i.created_at desc limit ?`,
    [organizationId, scheduleId, scheduleId, limit],
  );
}

/** The organization's handoff notices (`handoff_notices`): planned, claimed, sent; every read and write confined to it. */
export interface HandoffNoticeStore {
  /** The members who chose to be told anything. */
  preferences(organizationId: string): Promise<Map<string, HandoffPreference>>;
  /** The organization's schedules as they render over the window. */
  schedules(organizationId: string, window: { from: number; to: number }): Promise<RenderableSchedule[]>;
  savePlan(organizationId: string, notices: readonly HandoffNotice[]): Promise<void>;
  /** Marks the notices due by `now` sent and answers them: whoever claims one is the only one to send it. */
  claimDue(organizationId: string, now: Date, limit: number): Promise<ClaimedHandoffNotice[]>;
  release(organizationId: string, id: string): Promise<void>;
  nextDueAt(organizationId: string): Promise<number | null>;
  /** The open incidents a schedule's next on-call inherits, newest first. */
  inheritedIncidents(organizationId: string, scheduleId: string, limit: number): Promise<InheritedIncident[]>;
}

export function createHandoffNoticeStore(em: EntityManager): HandoffNoticeStore {
  return {
    preferences: (organizationId) => organizationHandoffPreferences(em, organizationId),
    schedules: (organizationId, window) => renderableSchedules(em, organizationId, window, 'id'),
    savePlan: (organizationId, notices) => saveHandoffPlan(em, organizationId, notices),
    claimDue: (organizationId, now, limit) => claimDueHandoffNotices(em, organizationId, now, limit),
    release: (organizationId, id) => releaseHandoffNotice(em, organizationId, id),
    nextDueAt: (organizationId) => nextHandoffNoticeAt(em, organizationId),
    inheritedIncidents: (organizationId, scheduleId, limit) => openIncidentsOfSchedule(em, organizationId, scheduleId, limit),
  };
}
