/**
 * The console's forms for Twilio, as data: the organization's connection (PUT
 * /channel-connections/twilio) and the members' `sms` and `voice` contact methods. The generic
 * channel pages render a form per descriptor; field names are the API's body fields.
 */

export interface ChannelFormField {
  name: string;
  label: string;
  /** `secret`: a password input, never filled from a response (the API does not return it). */
  input: 'text' | 'secret' | 'tel';
  required: boolean;
  placeholder?: string;
  /** Checked in the browser before sending; the API checks again. */
  pattern?: string;
  help?: string;
}

export interface ChannelFormDescriptor {
  kind: string;
  title: string;
  intro: string;
  fields: ChannelFormField[];
  /** Shown after saving: what to set elsewhere (here, the number's webhook URLs in the Twilio console). */
  after?: (context: { origin: string; organizationId: string }) => Array<{ label: string; value: string }>;
  docs: string;
}

const PHONE_PATTERN = '^\\+[1-9][0-9]{6,14}$';

export const twilioConnectionForm: ChannelFormDescriptor = {
  kind: 'twilio',
  title: 'Twilio (SMS and voice)',
  intro:
    'SMS and voice pages go out from your own Twilio account and number. The Auth Token is stored encrypted and never shown again: enter every field again to change one.',
  fields: [
    {
      name: 'accountSid',
      label: 'Account SID',
      input: 'text',
      required: true,
      placeholder: 'AC…',
      pattern: '^AC[0-9a-fA-F]{32}$',
      help: 'Twilio console → Account info',
    },
    {
      name: 'authToken',
      label: 'Auth Token',
      input: 'secret',
      required: true,
      pattern: '^[0-9a-fA-F]{32}$',
      help: 'Twilio console → Account info. It also verifies the requests Twilio sends to Tocsin.',
    },
    {
      name: 'fromNumber',
      label: 'Twilio phone number',
      input: 'tel',
      required: true,
      placeholder: '+14155550100',
      pattern: PHONE_PATTERN,
      help: 'The number pages come from (E.164). Calls always come from it.',
    },
    {
      name: 'messagingServiceSid',
      label: 'Messaging Service SID (optional)',
      input: 'text',
      required: false,
      placeholder: 'MG…',
      pattern: '^MG[0-9a-fA-F]{32}$',
      help: 'When set, SMS pages are sent through this Messaging Service instead of the number.',
    },
  ],
  after: ({ origin, organizationId }) => [
    { label: 'Messaging: "A message comes in" (HTTP POST)', value: `${origin}/api/v1/twilio/${organizationId}/sms` },
    { label: 'Voice: "A call comes in" (HTTP POST)', value: `${origin}/api/v1/twilio/${organizationId}/voice` },
  ],
  docs: 'docs/user-guide/channels/sms-and-voice.md',
};

const phoneField = (help: string): ChannelFormField => ({
  name: 'address',
  label: 'Phone number',
  input: 'tel',
  required: true,
  placeholder: '+14155550100',
  pattern: PHONE_PATTERN,
  help,
});

/** Contact methods: the number only; a 6-digit code is sent to it, and the member enters it to verify. */
export const smsContactMethodForm: ChannelFormDescriptor = {
  kind: 'sms',
  title: 'SMS',
  intro: 'Pages arrive by text message. Reply 4 to acknowledge, 6 to resolve, 9 to escalate.',
  fields: [phoneField('In international form (E.164). A 6-digit code is texted to it to verify it.')],
  docs: 'docs/user-guide/channels/sms-and-voice.md',
};

export const voiceContactMethodForm: ChannelFormDescriptor = {
  kind: 'voice',
  title: 'Phone call',
  intro: 'Pages arrive as a call that reads the incident. Press 4 to acknowledge, 6 to resolve, 9 to escalate.',
  fields: [phoneField('In international form (E.164). A call reads a 6-digit code to verify it.')],
  docs: 'docs/user-guide/channels/sms-and-voice.md',
};
