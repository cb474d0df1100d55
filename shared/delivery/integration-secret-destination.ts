/**
 * `{{integration.secret}}` in an outbound webhook's plain headers sends the integration's inbound
 * signing secret to the webhook's receiver. Pointing it at a new receiver hands that secret to
 * whoever runs it, so only a caller who may do everything with the integration may. Pure.
 */
import { sameDestination } from './destination.ts';

export interface SecretPlaceholderConfig {
  url?: unknown;
  headers?: unknown;
}

/** Whether the plain headers render the integration's secret (loosely: any mention of it counts, fail closed). */
export function rendersIntegrationSecret(config: SecretPlaceholderConfig | null | undefined): boolean {
  const headers = config?.headers;
  if (!headers || typeof headers !== 'object') return false;
  return Object.values(headers).some((value) => typeof value === 'string' && value.includes('integration.secret'));
}

/**
 * Whether a write makes the integration's secret go somewhere it did not go before: the placeholder
 * is new, or the URL now reaches another scheme, host or port. Paths and queries are the same receiver.
 */
export function sendsIntegrationSecretElsewhere(
  before: SecretPlaceholderConfig | null | undefined,
  after: SecretPlaceholderConfig | null | undefined,
): boolean {
  if (!rendersIntegrationSecret(after)) return false;
  if (!rendersIntegrationSecret(before)) return true;
  return !sameDestination(before?.url as string | undefined, after?.url as string | undefined);
}
