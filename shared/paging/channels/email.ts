import { z } from 'zod';
import type { PageChannel } from '../channel.ts';
import type { PageChannelDeps, PageChannelModule } from '../channel-module.ts';
import { pageMailMessage } from '../contact-page.ts';

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** Pages by mail to the method's address (the account's for a member without rules), with one-click links. */
export function createEmailChannel(deps: PageChannelDeps): PageChannel {
  return {
    kind: 'email',
    async send(page, to) {
      if (!deps.mailer) return { ok: false, error: 'no mailer configured in this worker' };
      if (!to.address) return { ok: false, error: 'no address to mail' };
      const { acknowledge, resolve } = page.actions;
      const links = acknowledge && resolve && !page.content.test ? { acknowledge, resolve } : undefined;
      try {
        await deps.mailer.send({ to: to.address, ...pageMailMessage({ ...page.content, links }) });
        return { ok: true };
      } catch (error) {
        return { ok: false, error: failure(error) };
      }
    },
  };
}

export const emailChannel: PageChannelModule = {
  kind: 'email',
  create: createEmailChannel,
  // The address is checked by the schema module (emailAddress) where the request is parsed.
  destinationSchema: z.object({ address: z.string().max(320) }),
  toDestination: (fields) => ({ address: String(fields.address).toLowerCase(), secret: null }),
  verification: 'link',
};
