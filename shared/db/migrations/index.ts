import { Migration20261122000000Foundation } from './20261122000000-foundation.migration.ts';
import { Migration20261122010000SessionsAndKeys } from './20261122010000-sessions-and-keys.migration.ts';
import { Migration20261122020000UsersLimitsAudit } from './20261122020000-users-limits-audit.migration.ts';
import { Migration20261122030000Ingestion } from './20261122030000-ingestion.migration.ts';
import { Migration20261122050000Search } from './20261122050000-search.migration.ts';
import { Migration20261122040000Procedures } from './20261122040000-procedures.migration.ts';
import { Migration20261122060000DeliveryRealtime } from './20261122060000-delivery-realtime.migration.ts';
import { Migration20261123010000CredentialNotifications } from './20261123010000-credential-notifications.migration.ts';
import { Migration20261123030000IncidentAnalysis } from './20261123030000-incident-analysis.migration.ts';
import { Migration20261123060000SessionFamilies } from './20261123060000-session-families.migration.ts';
import { Migration20261123060100ApiKeyParents } from './20261123060100-api-key-parents.migration.ts';
import { Migration20261123070000RefreshPreviousJti } from './20261123070000-refresh-previous-jti.migration.ts';
import { Migration20261124040000Billing } from './20261124040000-billing.migration.ts';
import { Migration20261124040100IncidentChat } from './20261124040100-incident-chat.migration.ts';
import { Migration20261124030000Analytics } from './20261124030000-analytics.migration.ts';
import { Migration20261124020000Sso } from './20261124020000-sso.migration.ts';
import { Migration20261201010000NotificationMailedAt } from './20261201010000-notification-mailed-at.migration.ts';
import { Migration20261201020000AnalyticsRollups } from './20261201020000-analytics-rollups.migration.ts';
import { Migration20261210010000SearchVectorIndex } from './20261210010000-search-vector-index.migration.ts';
import { Migration20261215010000SearchDistinctVectors } from './20261215010000-search-distinct-vectors.migration.ts';
import { Migration20261227050000AssistantQuota } from './20261227050000-assistant-quota.migration.ts';
import { Migration20261227030000DeliveriesPaused } from './20261227030000-deliveries-paused.migration.ts';
import { Migration20261227040000LoginAddressThrottles } from './20261227040000-login-address-throttles.migration.ts';
import { Migration20261227040100SessionAuthMethod } from './20261227040100-session-auth-method.migration.ts';
import { Migration20261227010000SsoIdentities } from './20261227010000-sso-identities.migration.ts';
import { Migration20261227010100SsoDomainVerification } from './20261227010100-sso-domain-verification.migration.ts';
import { Migration20261227080000Silences } from './20261227080000-silences.migration.ts';
import { Migration20261227070000Schedules } from './20261227070000-schedules.migration.ts';
import { Migration20261227070100CalendarFeeds } from './20261227070100-calendar-feeds.migration.ts';
import { Migration20261227090000EscalationPolicies } from './20261227090000-escalation-policies.migration.ts';
import { Migration20261228020000RoutingRules } from './20261228020000-routing-rules.migration.ts';

/**
 * Committed migrations in the order they apply; listed explicitly (no file discovery), so the
 * same set runs under Node, under Jest and in a bundle.
 */
export const MIGRATIONS = [{ name: '20261122000000-foundation', class: Migration20261122000000Foundation },
  { name: '20261122010000-sessions-and-keys', class: Migration20261122010000SessionsAndKeys },
  { name: '20261122030000-ingestion', class: Migration20261122030000Ingestion },
  { name: '20261122020000-users-limits-audit', class: Migration20261122020000UsersLimitsAudit },
  { name: '20261122040000-procedures', class: Migration20261122040000Procedures },
  { name: '20261122060000-delivery-realtime', class: Migration20261122060000DeliveryRealtime },
  { name: '20261122050000-search', class: Migration20261122050000Search },
  { name: '20261123010000-credential-notifications', class: Migration20261123010000CredentialNotifications },
  { name: '20261123030000-incident-analysis', class: Migration20261123030000IncidentAnalysis },
  { name: '20261123060000-session-families', class: Migration20261123060000SessionFamilies },
  { name: '20261123060100-api-key-parents', class: Migration20261123060100ApiKeyParents },
  { name: '20261123070000-refresh-previous-jti', class: Migration20261123070000RefreshPreviousJti },
  { name: '20261124040000-billing', class: Migration20261124040000Billing },
  { name: '20261124040100-incident-chat', class: Migration20261124040100IncidentChat },
  { name: '20261124030000-analytics', class: Migration20261124030000Analytics },
  { name: '20261124020000-sso', class: Migration20261124020000Sso },
  { name: '20261201010000-notification-mailed-at', class: Migration20261201010000NotificationMailedAt },
  { name: '20261201020000-analytics-rollups', class: Migration20261201020000AnalyticsRollups },
  { name: '20261210010000-search-vector-index', class: Migration20261210010000SearchVectorIndex },
  { name: '20261215010000-search-distinct-vectors', class: Migration20261215010000SearchDistinctVectors },
  { name: '20261227050000-assistant-quota', class: Migration20261227050000AssistantQuota },
  { name: '20261227030000-deliveries-paused', class: Migration20261227030000DeliveriesPaused },
  { name: '20261227040000-login-address-throttles', class: Migration20261227040000LoginAddressThrottles },
  { name: '20261227040100-session-auth-method', class: Migration20261227040100SessionAuthMethod },
  { name: '20261227010000-sso-identities', class: Migration20261227010000SsoIdentities },
  { name: '20261227010100-sso-domain-verification', class: Migration20261227010100SsoDomainVerification },
  { name: '20261227080000-silences', class: Migration20261227080000Silences },
  { name: '20261227070000-schedules', class: Migration20261227070000Schedules },
  { name: '20261227070100-calendar-feeds', class: Migration20261227070100CalendarFeeds },
  { name: '20261227090000-escalation-policies', class: Migration20261227090000EscalationPolicies },
  { name: '20261228020000-routing-rules', class: Migration20261228020000RoutingRules }];
