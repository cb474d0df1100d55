import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from '../lib/api.ts';
import { policyName, usePolicies } from '../lib/paging.ts';
import { FieldErrors } from './ui.tsx';

/**
 * The escalation policy an integration's incidents page through when no routing rule chooses one;
 * admins change it, everyone else reads it.
 */
export function IntegrationPolicy({ integration, admin }: { integration: Schemas['Integration']; admin: boolean }) {
  const queryClient = useQueryClient();
  const policies = usePolicies();
  const save = useMutation({
    mutationFn: async (policyId: string | null) =>
      unwrap(
        await api.PATCH('/api/v1/integrations/{id}', {
          params: { path: { id: integration.id } },
          body: { escalation_policy_id: policyId },
        }),
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['integrations'] }),
  });
  const fallback = policies.data?.find((policy) => policy.is_default);
  const defaultLabel = `The default policy${fallback ? ` (${fallback.name})` : ': none set'}`;
  if (!admin) {
    return (
      <div className="small">
        <span className="muted">Escalation policy </span>
        {integration.escalation_policy_id ? policyName(policies.data, integration.escalation_policy_id) : defaultLabel}
      </div>
    );
  }
  return (
    <div className="stack" style={{ gap: 4 }}>
      <label className="small" style={{ maxWidth: 420 }}>
        Escalation policy (when no routing rule chooses one)
        <select
          value={integration.escalation_policy_id ?? ''}
          disabled={save.isPending || policies.isPending}
          onChange={(event) => save.mutate(event.target.value || null)}
        >
          <option value="">{defaultLabel}</option>
          {(policies.data ?? []).map((policy) => (
            <option key={policy.id} value={policy.id}>
              {policy.name}
            </option>
          ))}
        </select>
      </label>
      <FieldErrors error={save.error} />
    </div>
  );
}
