// The Events API v2 routing key of an integration: its id and a MAC of it under the integration's
// secret, so the key names its integration (one lookup, no table) and proves the secret without
// being it. Derived from the secret, it changes when the secret is rotated, and the previous one
// keeps working as long as the previous secret does.
import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID_HEX = /^[0-9a-f]{32}$/;
const ROUTING_KEY = /^([0-9a-f]{32})([0-9a-f]{32})$/;

const macOf = (integrationId: string, secret: string): string =>
  createHmac('sha256', secret).update(`tocsin events v2 routing key\n${integrationId.toLowerCase()}`).digest('hex').slice(0, 32);

/** 64 lowercase hex characters: the integration id without dashes, then the MAC. */
export function routingKeyOf(integrationId: string, secret: string): string {
  const idHex = integrationId.toLowerCase().replaceAll('-', '');
  if (!UUID_HEX.test(idHex)) throw new RangeError('an integration id is a UUID');
  return `${idHex}${macOf(integrationId, secret)}`;
}

/** The integration id a routing key names, or null when it is not shaped like one. */
export function integrationIdOfRoutingKey(routingKey: string): string | null {
  const match = ROUTING_KEY.exec(routingKey.trim().toLowerCase());
  if (!match) return null;
  const hex = match[1] as string;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Whether `routingKey` is the routing key of the integration under one of its secrets (constant-time). */
export function routingKeyMatches(routingKey: string, integrationId: string, secrets: readonly string[]): boolean {
  const given = Buffer.from(routingKey.trim().toLowerCase());
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(routingKeyOf(integrationId, secret));
    if (expected.length === given.length && timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}
