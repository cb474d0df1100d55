import { z } from 'zod';

/**
 * What a sent Slack message's reference keeps: where it is (channel, ts) and what it showed, so
 * `chat.update` can draw it again with a new status (Slack replaces a message's blocks whole).
 */
export const SlackMessageRef = z.object({
  channel: z.string().min(1).max(64),
  ts: z.string().min(1).max(64),
  organizationId: z.string().uuid(),
  incidentId: z.string().uuid(),
  pageId: z.string().uuid().optional(),
  title: z.string().max(300),
  severity: z.string().max(32),
  incidentUrl: z.string().max(2000),
  level: z.number().int().optional(),
  round: z.number().int().optional(),
});
export type SlackMessageRef = z.infer<typeof SlackMessageRef>;

export const encodeSlackMessageRef = (ref: SlackMessageRef) => JSON.stringify(ref);

/** The reference, or null for one this channel did not write. */
export function decodeSlackMessageRef(text: string): SlackMessageRef | null {
  try {
    const parsed = SlackMessageRef.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
