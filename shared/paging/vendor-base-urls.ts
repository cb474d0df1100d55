import type { Config } from '../config.ts';
import type { PageChannelDeps } from './channel-module.ts';

/**
 * The vendor APIs page channels call, from the server's configuration only (a test double's or a
 * self-hosted server's URL): never from an organization's settings, since tokens are sent there.
 * Unset variables leave each channel on its vendor's own API.
 */
export function pageVendorBaseUrls(
  config: Pick<Config, 'SLACK_API_URL' | 'TWILIO_API_URL' | 'NTFY_URL'>,
): NonNullable<PageChannelDeps['vendorBaseUrls']> {
  return {
    ...(config.SLACK_API_URL ? { slack: config.SLACK_API_URL } : {}),
    ...(config.TWILIO_API_URL ? { sms: config.TWILIO_API_URL, voice: config.TWILIO_API_URL } : {}),
    ...(config.NTFY_URL ? { push: config.NTFY_URL } : {}),
  };
}
