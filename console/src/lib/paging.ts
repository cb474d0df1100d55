import { useQuery } from '@tanstack/react-query';
import { api, everyPage, LIST_PAGE, unwrap, type Schemas } from './api.ts';

export type EscalationPolicy = Schemas['EscalationPolicy'];
export type EscalationTarget = Schemas['EscalationTarget'];
export type RoutingRule = Schemas['RoutingRule'];
export type NotificationRule = Schemas['NotificationRule'];
export type IncidentEscalation = Schemas['IncidentEscalation'];

// Query keys: a change to policies re-reads every policy query, and so on.
export const POLICIES_KEY = 'escalation-policies';
export const ROUTING_KEY = 'routing-rules';
export const MY_PAGING_KEY = 'my-paging';

export function usePolicies() {
  return useQuery({
    queryKey: [POLICIES_KEY, 'list'],
    queryFn: () =>
      everyPage(async (offset) =>
        unwrap(await api.GET('/api/v1/escalation-policies', { params: { query: { limit: LIST_PAGE, offset } } })),
      ),
  });
}

/** A policy's name by id; a deleted one (or one not loaded yet) reads as "a deleted policy". */
export function policyName(policies: readonly EscalationPolicy[] | undefined, id: string | null | undefined): string {
  if (!id) return 'None';
  return policies?.find((policy) => policy.id === id)?.name ?? 'A deleted policy';
}

export function useRoutingRules() {
  return useQuery({
    queryKey: [ROUTING_KEY, 'list'],
    queryFn: async () =>
      (
        await everyPage(async (offset) =>
          unwrap(await api.GET('/api/v1/routing-rules', { params: { query: { limit: LIST_PAGE, offset } } })),
        )
      ).sort((a, b) => a.position - b.position),
  });
}

export function useContactMethods() {
  return useQuery({
    queryKey: [MY_PAGING_KEY, 'methods'],
    queryFn: async () => unwrap(await api.GET('/api/v1/users/me/contact-methods', { params: { query: { limit: LIST_PAGE } } })).data,
  });
}

export function useNotificationRules() {
  return useQuery({
    queryKey: [MY_PAGING_KEY, 'rules'],
    queryFn: async () => unwrap(await api.GET('/api/v1/users/me/notification-rules', { params: { query: { limit: LIST_PAGE } } })).data,
  });
}
