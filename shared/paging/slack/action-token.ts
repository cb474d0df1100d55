import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { PageAction } from '../channel.ts';

/** The buttons a Slack message carries; their `action_id` is `tocsin:<action>`. */
export const SLACK_BUTTON_ACTIONS = ['acknowledge', 'resolve', 'escalate'] as const satisfies readonly PageAction[];

/** What a button stands for: an incident of one organization, and the page it came with (if any). */
export interface SlackActionClaims {
  organizationId: string;
  incidentId: string;
  action: PageAction;
  /** The page the message was sent for; absent on organization feed messages. */
  pageId?: string;
}

export interface SlackActionSigner {
  sign(claims: SlackActionClaims): string;
  /** The claims, or null for anything Tocsin did not sign (a forged or edited value). */
  verify(token: string): SlackActionClaims | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Signs the value of a Slack button (HMAC-SHA256 under a key derived from ENCRYPTION_KEY, its own
 * domain), so a crafted interaction cannot name another incident or organization: the presser is
 * still checked (linked member, same organization, their role) before anything acts.
 */
export function createSlackActionSigner(encryptionKey: string): SlackActionSigner {
  if (encryptionKey.length < 32) throw new Error('ENCRYPTION_KEY must be at least 32 characters');
  const key = createHash('sha256').update(`tocsin-slack-action:${encryptionKey}`).digest();
  const mac = (payload: string) => createHmac('sha256', key).update(`s1.${payload}`).digest();
  return {
    sign(claims) {
      const body = { o: claims.organizationId, i: claims.incidentId, a: claims.action, ...(claims.pageId ? { p: claims.pageId } : {}) };
      const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
      return `s1.${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      const parts = typeof token === 'string' && token.length <= 1024 ? token.split('.') : [];
      const [version, payload, signature] = parts;
      if (parts.length !== 3 || version !== 's1' || !payload || !signature) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
      } catch {
        return null;
      }
      const { o, i, a, p } = body;
      if (typeof o !== 'string' || !UUID.test(o) || typeof i !== 'string' || !UUID.test(i)) return null;
      if (p !== undefined && (typeof p !== 'string' || !UUID.test(p))) return null;
      if (!SLACK_BUTTON_ACTIONS.includes(a as PageAction)) return null;
      return { organizationId: o, incidentId: i, action: a as PageAction, ...(p ? { pageId: p as string } : {}) };
    },
  };
}
