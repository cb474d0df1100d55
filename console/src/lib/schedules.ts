import { useQuery } from '@tanstack/react-query';
import { api, everyPage, LIST_PAGE, unwrap, type Schemas } from './api.ts';

export type Schedule = Schemas['Schedule'];
export type ScheduleShifts = Schemas['ScheduleShifts'];
export type OnCall = Schemas['OnCall'];
export type Member = Schemas['User'];

// Every schedule query starts with this key: a `schedule.updated` event re-reads them all.
export const SCHEDULES_KEY = 'schedules';

/** The organization's members, to name who is on call and to pick layer users. */
export function useMembers() {
  return useQuery({
    queryKey: ['users', 'all'],
    queryFn: () => everyPage(async (offset) => unwrap(await api.GET('/api/v1/users', { params: { query: { limit: LIST_PAGE, offset } } }))),
    staleTime: 60_000,
  });
}

/** A member's name by id; a removed member (or one not loaded yet) reads as "a former member". */
export function memberName(members: readonly Member[] | undefined, id: string | null | undefined): string {
  if (!id) return 'Nobody';
  return members?.find((member) => member.id === id)?.name ?? 'A former member';
}

export function useSchedules() {
  return useQuery({
    queryKey: [SCHEDULES_KEY, 'list'],
    queryFn: () =>
      everyPage(async (offset) => unwrap(await api.GET('/api/v1/schedules', { params: { query: { limit: LIST_PAGE, offset } } }))),
  });
}

export function useSchedule(id: string) {
  return useQuery({
    queryKey: [SCHEDULES_KEY, 'one', id],
    queryFn: async () => unwrap(await api.GET('/api/v1/schedules/{id}', { params: { path: { id } } })).data,
  });
}

/** Who is on call now on every schedule, re-read every minute (shifts end while the page is open). */
export function useOnCallNow() {
  return useQuery({
    queryKey: [SCHEDULES_KEY, 'oncall'],
    queryFn: async () => unwrap(await api.GET('/api/v1/oncall', { params: { query: {} } })).data,
    refetchInterval: 60_000,
  });
}

export function shiftsQuery(id: string, from: string, to: string) {
  return {
    queryKey: [SCHEDULES_KEY, 'shifts', id, from, to],
    queryFn: async () => unwrap(await api.GET('/api/v1/schedules/{id}/shifts', { params: { path: { id }, query: { from, to } } })).data,
  };
}
