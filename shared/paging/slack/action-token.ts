import type { SecretBox } from '../../crypto/secret-box.ts';
import type { PageAction } from '../channel.ts';

/** The buttons a Slack message carries; their `action_id` is `tocsin:<action>`. */
export const SLACK_BUTTON_ACTIONS = [
  'acknowledge',
  'resolve',
  'escalate',
  'snooze_1h',
  'snooze_4h',
] as const satisfies readonly PageAction[];

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
/** Domain tag inside the sealed value: no other sealed secret of Tocsin's ever reads as a button. */
const DOMAIN = 'tocsin-slack-action:1:';

/**
 * Seals the value of a Slack button with the secret box (AES-256-GCM, authenticated), so a crafted
 * interaction cannot name another incident or organization: the presser is still checked (linked
 * member, same organization, their role) before anything acts.
 */
export function createSlackActionSigner(secretBox: SecretBox): SlackActionSigner {
  return {
    sign(claims) {
      const body = { o: claims.organizationId, i: claims.incidentId, a: claims.action, ...(claims.pageId ? { p: claims.pageId } : {}) };
      return secretBox.encrypt(`${DOMAIN}${JSON.stringify(body)}`);
    },
    verify(token) {
      if (typeof token !== 'string' || token.length > 1024) return null;
      let body: Record<string, unknown>;
      try {
        const plain = secretBox.decrypt(token);
        if (!plain.startsWith(DOMAIN)) return null;
        body = JSON.parse(plain.slice(DOMAIN.length)) as Record<string, unknown>;
      } catch {
        return null;
      }
      const { o, i, a, p } = body;
      if (typeof o !== 'string' || !UUID.test(o) || typeof i !== 'string' || !UUID.test(i)) return null;
      if (p !== undefined && (typeof p !== 'string' || !UUID.test(p))) return null;
      if (!(SLACK_BUTTON_ACTIONS as readonly unknown[]).includes(a)) return null;
      return { organizationId: o, incidentId: i, action: a as PageAction, ...(p ? { pageId: p as string } : {}) };
    },
  };
}
