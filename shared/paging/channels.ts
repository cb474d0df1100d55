import type { PageChannel, PageChannelKind } from './channel.ts';
import type { ChannelConnectionDescriptor, ChannelConnectionKind, PageChannelDeps, PageChannelModule } from './channel-module.ts';
import { emailChannel } from './channels/email.ts';
import { matrixChannel } from './channels/matrix.ts';
import { pushChannel } from './channels/push.ts';
import { slackChannel } from './channels/slack.ts';
import { smsChannel } from './channels/sms.ts';
import { voiceChannel } from './channels/voice.ts';
import { webhookChannel } from './channels/webhook.ts';

/**
 * Every page channel this build has: adding one is its module (shared/paging/channels/<kind>.ts)
 * and one line here. A contact method type without a module here cannot be created.
 */
export const PAGE_CHANNEL_MODULES: readonly PageChannelModule[] = [
  emailChannel, // mail with one-click links
  webhookChannel, // JSON to the member's URL
  pushChannel, // ntfy
  matrixChannel, // the organization's bot account
  smsChannel, // Twilio
  voiceChannel, // Twilio
  slackChannel, // DM or channel with buttons, updated in place
];

/** The module of a kind, or undefined when this build has none. */
export function channelModule(kind: string): PageChannelModule | undefined {
  return PAGE_CHANNEL_MODULES.find((module) => module.kind === kind);
}

/** Every channel, built once per worker or API with the same dependencies. */
export function createPageChannels(deps: PageChannelDeps): Map<PageChannelKind, PageChannel> {
  return new Map(PAGE_CHANNEL_MODULES.map((module) => [module.kind, module.create(deps)]));
}

/** The connection kinds channels declare (Twilio serves both SMS and voice: declared once). */
export function channelConnectionDescriptors(): Map<ChannelConnectionKind, ChannelConnectionDescriptor> {
  const found = new Map<ChannelConnectionKind, ChannelConnectionDescriptor>();
  for (const module of PAGE_CHANNEL_MODULES) if (module.connection) found.set(module.connection.kind, module.connection);
  return found;
}
