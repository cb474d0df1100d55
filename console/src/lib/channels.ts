import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type Schemas } from './api.ts';

/** Every kind of contact method the API knows; a server without a channel's module refuses it (422). */
export const CONTACT_KINDS = ['email', 'webhook', 'push', 'sms', 'voice', 'slack', 'matrix'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export type ContactMethod = Schemas['ContactMethod'];

/** A page on an incident's escalation card, with its delivery details. */
export type DeliveredPage = Schemas['IncidentEscalation']['pages'][number];

/** One input of a form generated from a descriptor. */
export interface ChannelField {
  name: string;
  label: string;
  /** Stored encrypted and never shown again: a password input, left empty when editing. */
  secret?: boolean;
  required?: boolean;
  type?: 'text' | 'url' | 'tel';
  placeholder?: string;
  help?: string;
}

/** A contact method kind the member adds with a generated form (email and webhook have their own). */
export interface ContactKindDescriptor {
  kind: ContactKind;
  title: string;
  /** How the code reaches the member, in the sentence "A 6-digit code is sent …". */
  codeBy: string;
  fields: ChannelField[];
}

export const CODE_CONTACT_KINDS: readonly ContactKindDescriptor[] = [
  {
    kind: 'push',
    title: 'push (ntfy)',
    codeBy: 'as a notification on your topic',
    fields: [
      { name: 'topic', label: 'Topic', secret: true, required: true, placeholder: 'alice-pager-3kq9', help: 'Subscribed in the ntfy app' },
      {
        name: 'server_url',
        label: 'Server (optional)',
        type: 'url',
        placeholder: 'https://ntfy.sh',
        help: "Empty: the organization's ntfy server, else ntfy.sh",
      },
      { name: 'access_token', label: 'Access token (optional)', secret: true, placeholder: 'tk_…', help: 'With write access to the topic' },
    ],
  },
  {
    kind: 'sms',
    title: 'SMS',
    codeBy: 'by text message',
    fields: [{ name: 'address', label: 'Phone number', type: 'tel', required: true, placeholder: '+14155550100', help: 'E.164 form' }],
  },
  {
    kind: 'voice',
    title: 'a voice call',
    codeBy: 'by a phone call that reads it',
    fields: [{ name: 'address', label: 'Phone number', type: 'tel', required: true, placeholder: '+14155550100', help: 'E.164 form' }],
  },
  {
    kind: 'slack',
    title: 'Slack',
    codeBy: 'by the Tocsin app in Slack',
    fields: [
      {
        name: 'address',
        label: 'Slack member or channel id',
        required: true,
        placeholder: 'U012AB3CD',
        help: 'Your member id (profile, ⋮, Copy member ID) for direct messages, or a channel id (C…)',
      },
    ],
  },
  {
    kind: 'matrix',
    title: 'Matrix',
    codeBy: 'by the Tocsin bot in Matrix',
    fields: [
      {
        name: 'address',
        label: 'Matrix user or room',
        required: true,
        placeholder: '@alice:example.org',
        help: 'Your user id (a direct room), or a room id (!…) or alias (#…)',
      },
    ],
  },
];

export const KIND_TITLES: Record<ContactKind, string> = {
  email: 'Email',
  webhook: 'Webhook',
  push: 'Push',
  sms: 'SMS',
  voice: 'Voice',
  slack: 'Slack',
  matrix: 'Matrix',
};

/** An organization connection kind and the form that sets it (PUT /channel-connections/{kind}). */
export interface ConnectionDescriptor {
  kind: 'ntfy' | 'slack' | 'matrix' | 'twilio';
  title: string;
  description: string;
  fields: ChannelField[];
  /** A page that connects it instead of the form (Slack's OAuth install). */
  installUrl?: string;
  installLabel?: string;
}

export const CONNECTION_KINDS: readonly ConnectionDescriptor[] = [
  {
    kind: 'ntfy',
    title: 'ntfy (push)',
    description: "The ntfy server members' push topics are on, unless a member names their own.",
    fields: [
      { name: 'server_url', label: 'Server URL', type: 'url', required: true, placeholder: 'https://ntfy.example.com' },
      { name: 'access_token', label: 'Access token (optional)', secret: true, placeholder: 'tk_…', help: 'Written with to every topic' },
    ],
  },
  {
    kind: 'slack',
    title: 'Slack',
    description: 'The Tocsin app in your workspace: pages as messages with Acknowledge, Resolve and Escalate buttons.',
    installUrl: '/api/v1/slack/install',
    installLabel: 'Connect Slack',
    fields: [],
  },
  {
    kind: 'matrix',
    title: 'Matrix',
    description: 'A bot account on your homeserver that posts pages and reads replies and reactions.',
    fields: [
      { name: 'homeserver_url', label: 'Homeserver URL', type: 'url', required: true, placeholder: 'https://matrix.example.com' },
      { name: 'access_token', label: "Bot's access token", secret: true, required: true },
    ],
  },
  {
    kind: 'twilio',
    title: 'Twilio (SMS and voice)',
    description: 'The Twilio account texts and calls are made from; replies and keypresses come back to Tocsin.',
    fields: [
      { name: 'accountSid', label: 'Account SID', required: true, placeholder: 'AC…' },
      { name: 'authToken', label: 'Auth token', secret: true, required: true },
      { name: 'fromNumber', label: 'From number', type: 'tel', required: true, placeholder: '+14155550100' },
      { name: 'messagingServiceSid', label: 'Messaging Service SID (optional)', placeholder: 'MG…' },
    ],
  },
];

export type ChannelConnection = Schemas['ChannelConnection'];
export type ChannelLinkPreview = Schemas['ChannelLinkPreview'];
export type ChannelIdentity = Schemas['ChannelIdentity'];

export const CONNECTIONS_KEY = 'channel-connections';
export const IDENTITIES_KEY = 'channel-identities';

export function useChannelConnections() {
  return useQuery({
    queryKey: [CONNECTIONS_KEY],
    queryFn: async () => unwrap(await api.GET('/api/v1/channel-connections')).data,
  });
}

export function useChannelIdentities() {
  return useQuery({
    queryKey: [IDENTITIES_KEY],
    queryFn: async () => unwrap(await api.GET('/api/v1/channel-identities')).data,
  });
}

/** The non-empty values of a generated form, as the API takes them. */
export function filledValues(fields: readonly ChannelField[], values: Record<string, string>): Record<string, string> {
  const body: Record<string, string> = {};
  for (const field of fields) {
    const value = (values[field.name] ?? '').trim();
    if (value) body[field.name] = value;
  }
  return body;
}
