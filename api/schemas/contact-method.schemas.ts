import { z } from 'zod';
import { CONTACT_METHOD_TYPES, MAX_RULE_DELAY_MINUTES, RULE_URGENCIES } from '../../shared/domain/notification-rules.ts';
import { CONTACT_TEMPLATE_PLACEHOLDERS } from '../../shared/paging/contact-page.ts';
import { PAGE_CHANNEL_MODULES } from '../../shared/paging/channels.ts';
import { hostnameFitsDns, MAX_HOSTNAME_LENGTH } from '../../shared/delivery/destination.ts';
import { emailAddress, list, nonBlankText, requireAnyOf, single, timestamp } from './common.ts';

const label = nonBlankText().max(200);
const webhookUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .refine(hostnameFitsDns, `a host name of at most ${MAX_HOSTNAME_LENGTH} characters`)
  .describe(
    'Where webhook pages are POSTed. Write-only: it often carries a token, so responses show only its scheme, host and port. ' +
      'Sent through the outbound client that refuses private, loopback and metadata addresses.',
  );
// Headers that decide where or how the request travels are the client's: a `Host` of the member's
// choosing would reach another site behind the same address.
const RESERVED_HEADERS = /^(host|content-length|content-type|transfer-encoding|connection|keep-alive|upgrade|te|trailer|expect|proxy-.*)$/i;
const headers = z
  .record(
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,64}$/)
      .refine((name) => !RESERVED_HEADERS.test(name), 'this header is set by Tocsin'),
    z
      .string()
      .max(2000)
      .regex(/^[^\r\n\0]*$/, 'no line breaks'),
  )
  .refine((value) => Object.keys(value).length <= 10, 'at most 10 headers')
  .describe(
    "Extra request headers (e.g. an SMS gateway's `Authorization`); not `Host`, `Content-Type`, `Content-Length` and other transport headers. Write-only: responses list their names only.",
  )
  .meta({ id: 'ContactWebhookHeaders' });
const template = z
  .unknown()
  .refine((value) => value === null || typeof value === 'object', 'must be a JSON object or array')
  .refine((value) => JSON.stringify(value ?? null).length <= 16_384, 'at most 16 KiB')
  .describe(
    `The JSON body of a webhook page. Placeholders inside string values are replaced (never evaluated; unknown ones become empty): ${CONTACT_TEMPLATE_PLACEHOLDERS.map((name) => `\`{{${name}}}\``).join(', ')}. ` +
      'Without a template the body is `{text, test, incident: {id, title, severity, status, url}, page: {level, round}}`.',
  );

/** Email and webhook have their own refined bodies; every other channel's body is its module's destination schema. */
const specificBodies = {
  email: z
    .object({
      type: z.literal('email'),
      label: label.optional(),
      address: emailAddress().describe('Verified by a single-use link mailed to it (24 hours), unless it is your account email'),
    })
    .strict(),
  webhook: z
    .object({
      type: z.literal('webhook'),
      label,
      url: webhookUrl,
      headers: headers.optional(),
      template: template.optional(),
    })
    .strict(),
} as const;

const channelBodies = PAGE_CHANNEL_MODULES.map(
  (module) =>
    specificBodies[module.kind as keyof typeof specificBodies] ??
    z
      .object({ type: z.literal(module.kind), label: label.optional() })
      .extend(module.destinationSchema.shape)
      .strict(),
);

export const CreateContactMethodBody = z
  .discriminatedUnion('type', channelBodies as unknown as [typeof specificBodies.email, typeof specificBodies.webhook])
  .meta({ id: 'CreateContactMethod' });

export const VerifyContactMethodBody = z
  .object({
    code: z
      .string()
      .regex(/^\d{6}$/, 'six digits')
      .describe('The code the channel delivered (15 minutes, 5 tries)'),
  })
  .strict()
  .meta({ id: 'VerifyContactMethod' });

export const UpdateContactMethodBody = requireAnyOf(
  z
    .object({
      label: label.optional(),
      url: webhookUrl.optional(),
      headers: headers.optional().describe('Replaced together with `url`: a new URL never gets the old headers'),
      template: template.nullable().optional(),
    })
    .strict()
    .refine((body) => body.headers === undefined || body.url !== undefined, { message: 'headers are given with url', path: ['headers'] }),
);

export const ContactMethodSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    type: z.enum(CONTACT_METHOD_TYPES),
    label: z.string(),
    address: z
      .string()
      .nullable()
      .describe(
        'The public part of the destination: an email address, a phone number, an ntfy topic, a chat user or room; null for webhooks',
      ),
    webhook: z
      .object({
        destination: z.string().describe('Scheme, host and port of the URL; the URL itself is never shown'),
        header_names: z.array(z.string()),
        template: z.unknown().nullable(),
      })
      .nullable(),
    verified: z.boolean().describe('Unverified methods are never paged'),
    verification: z
      .enum(['link', 'code', 'none'])
      .describe(
        'How it is verified: `link` mailed to it, `code` sent through it (confirm with POST .../verify), `none` (a webhook you configured)',
      ),
    verified_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'ContactMethod' });
export type ContactMethodView = z.output<typeof ContactMethodSchema>;

export const TestPageSchema = z
  .object({
    status: z.enum(['sent', 'failed']),
    error: z.string().nullable().describe('Why the test page failed (an HTTP status, a refused address...)'),
  })
  .meta({ id: 'TestPageResult' });

const urgency = z
  .enum(RULE_URGENCIES)
  .describe('Which pages the rule applies to: `high`, `low` or `any`. Low-urgency pages go by email only.');
const delay = z
  .number()
  .min(0)
  .max(MAX_RULE_DELAY_MINUTES)
  .describe('Minutes after the page this rule notifies (0 to 1440; fractions allowed)');

export const CreateNotificationRuleBody = z
  .object({ contact_method_id: z.uuid(), delay_minutes: delay.default(0), urgency: urgency.default('any') })
  .strict()
  .meta({ id: 'CreateNotificationRule' });

export const UpdateNotificationRuleBody = requireAnyOf(
  z.object({ contact_method_id: z.uuid().optional(), delay_minutes: delay.optional(), urgency: urgency.optional() }).strict(),
);

export const NotificationRuleSchema = z
  .object({
    id: z.uuid(),
    user_id: z.uuid(),
    contact_method_id: z.uuid(),
    contact_method_type: z.enum(CONTACT_METHOD_TYPES),
    delay_minutes: z.number(),
    urgency: z.enum(RULE_URGENCIES),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'NotificationRule' });
export type NotificationRuleView = z.output<typeof NotificationRuleSchema>;

export const TokenParams = z.object({ token: z.string().min(1).max(1024) });

export const ContactMethodResponse = single(ContactMethodSchema);
export const ContactMethodListResponse = list(ContactMethodSchema);
export const TestPageResponse = single(TestPageSchema);
export const NotificationRuleResponse = single(NotificationRuleSchema);
export const NotificationRuleListResponse = list(NotificationRuleSchema);
