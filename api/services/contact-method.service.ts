import { generateOpaqueToken, hashOpaqueToken } from '../../shared/auth/api-keys.ts';
import { isoTimestamp, isoTimestampOrNull } from '../../shared/db/sql-timestamp.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import type { ContactMethodRow, ContactMethodStore, MemberKey } from '../../shared/db/access/contact-methods.ts';
import { destinationOf } from '../../shared/delivery/destination.ts';
import { AppError, ConflictError, InsufficientPermissionsError, NotFoundError, RateLimitedError } from '../../shared/errors.ts';
import type { Mailer } from '../../shared/mail/mailer.ts';
import { createHash, randomInt } from 'node:crypto';
import type { ChannelConnectionStore } from '../../shared/db/access/channel-connections.ts';
import type { ContactMethodType } from '../../shared/domain/notification-rules.ts';
import type { PageChannel, PageChannelKind } from '../../shared/paging/channel.ts';
import { createChannelDispatch } from '../../shared/paging/channel-dispatch.ts';
import { channelModule } from '../../shared/paging/channels.ts';
import type { ContactWebhookSecret, PageContent } from '../../shared/paging/contact-page.ts';
import { PAGE_SEND_TIMEOUT_MS } from '../../shared/paging/page-sender.ts';
import { uuidv7 } from '../../shared/uuidv7.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ContactMethodView } from '../schemas/contact-method.schemas.ts';

export type ContactMethodService = ReturnType<typeof createContactMethodService>;

/** A verification link works this long. */
export const CONTACT_VERIFICATION_TTL_SECONDS = 24 * 3600;

/** The least time between two verification mails to one address: nobody can mail-bomb an address they typed in. */
export const CONTACT_VERIFICATION_RESEND_SECONDS = 60;

/** A verification code (push, SMS, voice, chat) works this long, for this many tries. */
export const CONTACT_CODE_TTL_SECONDS = 15 * 60;
export const CONTACT_CODE_MAX_ATTEMPTS = 5;

/** A code is bound to its method: the same six digits for two methods hash apart. */
const codeHash = (methodId: string, code: string) => createHash('sha256').update(`tocsin-contact-code:${methodId}:${code}`).digest('hex');

/** The create body: `type`, an optional `label`, and the fields the type's channel module declares. */
type CreateInput = { type: ContactMethodType; label?: string } & Record<string, unknown>;

const TEST_INCIDENT = { id: '00000000-0000-0000-0000-000000000000', title: 'Test page', severity: 'info', status: 'active' };

/** The caller as the owner of contact methods and notification rules. */
export const member = (auth: AuthContext): MemberKey => ({ organizationId: auth.organizationId, userId: auth.userId });

/**
 * A credential that acts for its member only when that member is signed in: an API key (made for
 * machines, often narrowly scoped) cannot add a webhook that would receive the member's pages.
 */
export function assertSignedIn(auth: AuthContext): void {
  if (auth.kind !== 'user') throw new InsufficientPermissionsError('users:update (a signed-in member, not an API key)');
}

/** Each member's own contact methods: email addresses (verified by a mailed link) and webhooks (URL sealed at rest). */
export function createContactMethodService(deps: {
  contactMethods: () => ContactMethodStore;
  secretBox: SecretBox;
  mailer: Mailer;
  publicUrl: string;
  /** Test pages and verification codes go through the same channels as pages. */
  channels: Map<PageChannelKind, PageChannel>;
  connections: () => Pick<ChannelConnectionStore, 'find'>;
}) {
  const dispatch = createChannelDispatch({
    channels: deps.channels,
    secretBox: deps.secretBox,
    connections: deps.connections,
    timeoutMs: PAGE_SEND_TIMEOUT_MS,
  });
  const view = (row: ContactMethodRow, secretBox: SecretBox): ContactMethodView => {
    let headerNames: string[] = [];
    if (row.type === 'webhook' && row.secret_sealed) {
      headerNames = Object.keys((JSON.parse(secretBox.decrypt(row.secret_sealed)) as ContactWebhookSecret).headers ?? {});
    }
    return {
      id: row.id,
      user_id: row.user_id,
      type: row.type,
      label: row.label,
      address: row.type === 'webhook' ? null : row.address,
      webhook:
        row.type === 'webhook'
          ? { destination: row.webhook_destination ?? '', header_names: headerNames, template: row.template ?? null }
          : null,
      verified: row.verified_at !== null,
      verification: channelModule(row.type)?.verification ?? 'none',
      verified_at: isoTimestampOrNull(row.verified_at),
      created_at: isoTimestamp(row.created_at),
      updated_at: isoTimestamp(row.updated_at),
    };
  };

  /** The caller's own method; anyone else's (same organization or not) is not found. */
  const load = async (auth: AuthContext, id: string): Promise<ContactMethodRow> => {
    const row = await deps.contactMethods().find(member(auth), id);
    if (!row) throw new NotFoundError('Contact method');
    return row;
  };

  const seal = (secret: Record<string, unknown> | null) => (secret ? deps.secretBox.encrypt(JSON.stringify(secret)) : null);

  /** Sends a message through the method's own channel, to the method as stored. */
  const sendThrough = async (auth: AuthContext, row: ContactMethodRow, content: PageContent): Promise<string | null> => {
    const outcome = await dispatch(
      row.type,
      {
        pageId: row.id,
        organizationId: auth.organizationId,
        userId: auth.userId,
        content,
        actions: {},
        idempotencyKey: `${row.id}:${Date.now()}`,
        resend: false,
      },
      {
        address: row.address,
        secret: row.secret_sealed ? (JSON.parse(deps.secretBox.decrypt(row.secret_sealed)) as Record<string, unknown>) : null,
        template: row.template,
      },
    );
    return outcome.ok ? null : outcome.error;
  };

  /** Sends a fresh 6-digit code through the method's channel; the previous code stops working. Resolves to the channel's error, if any. */
  const sendCode = async (auth: AuthContext, row: ContactMethodRow): Promise<string | null> => {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await deps.contactMethods().setVerificationToken(row.id, codeHash(row.id, code), CONTACT_CODE_TTL_SECONDS);
    return sendThrough(auth, row, {
      incident: TEST_INCIDENT,
      round: 1,
      level: 1,
      incidentUrl: `${deps.publicUrl}/incidents`,
      test: true,
      verificationCode: code,
    });
  };

  /** 429 unless a verification mail to this address in the organization may go now (and claims it). */
  const claimVerificationMail = async (auth: AuthContext, address: string) => {
    const wait = await deps.contactMethods().claimVerificationMail(auth.organizationId, address, CONTACT_VERIFICATION_RESEND_SECONDS);
    if (wait > 0) throw new RateLimitedError(wait, 'A verification link was mailed to this address less than a minute ago');
  };

  /** Mails a fresh single-use link to the address; the previous link stops working. */
  const mailVerification = async (row: { id: string; address: string }) => {
    const token = generateOpaqueToken();
    await deps.contactMethods().setVerificationToken(row.id, hashOpaqueToken(token), CONTACT_VERIFICATION_TTL_SECONDS);
    await deps.mailer.send({
      to: row.address,
      subject: 'Confirm this address for Tocsin pages',
      text: [
        `Someone added ${row.address} as a contact method for Tocsin pages.`,
        '',
        `Confirm it here (the link opens a page with a button; it works once and expires in 24 hours):`,
        `${deps.publicUrl}/api/v1/contact-method-verifications/${token}`,
        '',
        'If this was not you, ignore this mail: an unconfirmed address is never paged.',
      ].join('\n'),
    });
  };

  return {
    async list(auth: AuthContext, query: { limit: number; offset: number }) {
      const store = deps.contactMethods();
      const rows = await store.list(member(auth), query);
      return { items: rows.map((row) => view(row, deps.secretBox)), total: await store.count(member(auth)) };
    },

    async get(auth: AuthContext, id: string) {
      return view(await load(auth, id), deps.secretBox);
    },

    /**
     * An email method is verified at once when it is the account's own address, else a link is
     * mailed to it; a code kind (push, SMS, chat...) gets a 6-digit code through its own channel,
     * and a method the channel cannot deliver the code to is not kept (422 with the channel's error).
     */
    async create(auth: AuthContext, input: CreateInput) {
      assertSignedIn(auth);
      const module = channelModule(input.type);
      if (!module) throw new AppError('VALIDATION_ERROR', `Contact methods of type ${input.type} are not available`);
      const store = deps.contactMethods();
      if ((await store.count(member(auth))) >= 20) throw new ConflictError('At most 20 contact methods per member');
      const id = uuidv7();
      const { type: _type, label: givenLabel, ...fields } = input;
      const stored = module.toDestination(fields);
      const isAccountEmail =
        input.type === 'email' && (await store.accountEmail(member(auth)))?.toLowerCase() === stored.address?.toLowerCase();
      // Before the row: creating and deleting a method in a loop must not mail the address each time.
      if (module.verification === 'link' && !isAccountEmail) await claimVerificationMail(auth, (stored.address as string).toLowerCase());
      await store.insert(member(auth), {
        id,
        type: input.type,
        label: givenLabel ?? stored.address ?? input.type,
        address: stored.address,
        sealed: seal(stored.secret),
        destination: input.type === 'webhook' ? destinationOf(String(fields.url)) : null,
        template: stored.template,
        verified: module.verification === 'none' || isAccountEmail,
      });
      if (module.verification === 'link' && !isAccountEmail) await mailVerification({ id, address: stored.address as string });
      if (module.verification === 'code') {
        const error = await sendCode(auth, await load(auth, id));
        if (error !== null) {
          await store.remove(member(auth), id);
          throw new AppError('VALIDATION_ERROR', `The verification code could not be delivered: ${error}`, {
            fields: { errors: [{ path: 'type', message: `the ${input.type} channel could not deliver: ${error}` }] },
          });
        }
      }
      return view(await load(auth, id), deps.secretBox);
    },

    /** A new URL replaces the sealed URL and headers together: headers never follow a URL elsewhere. */
    async update(
      auth: AuthContext,
      id: string,
      input: { label?: string; url?: string; headers?: Record<string, string>; template?: unknown },
    ) {
      assertSignedIn(auth);
      const row = await load(auth, id);
      if (row.type !== 'webhook' && (input.url !== undefined || input.template !== undefined || input.headers !== undefined)) {
        throw new AppError('VALIDATION_ERROR', 'Only a webhook method has a url, headers or template to change', {
          fields: { errors: [{ path: 'url', message: 'only webhook methods have a url, headers or template' }] },
        });
      }
      await deps.contactMethods().update(member(auth), id, {
        label: input.label,
        destination:
          input.url === undefined
            ? undefined
            : {
                address: null,
                sealed: seal({
                  url: input.url,
                  ...(input.headers && Object.keys(input.headers).length > 0 ? { headers: input.headers } : {}),
                }),
                webhookDestination: destinationOf(input.url),
              },
        template: input.template,
      });
      return view(await load(auth, id), deps.secretBox);
    },

    /** Its notification rules go with it. */
    async remove(auth: AuthContext, id: string) {
      assertSignedIn(auth);
      await load(auth, id);
      await deps.contactMethods().remove(member(auth), id);
    },

    /**
     * Sends a new verification link (email) or code (other kinds) through the method; the previous
     * one stops working. 409 when already verified or needing none; 429 within a minute of the last.
     */
    async resendVerification(auth: AuthContext, id: string) {
      assertSignedIn(auth);
      const row = await load(auth, id);
      const verification = channelModule(row.type)?.verification ?? 'none';
      if (verification === 'none' || row.verified_at) throw new ConflictError('This contact method needs no verification');
      const ttl = verification === 'link' ? CONTACT_VERIFICATION_TTL_SECONDS : CONTACT_CODE_TTL_SECONDS;
      const wait = await deps.contactMethods().secondsUntilResend(row.id, ttl, CONTACT_VERIFICATION_RESEND_SECONDS);
      if (wait !== undefined && wait > 0) throw new RateLimitedError(wait, 'A verification was sent less than a minute ago');
      if (verification === 'link') {
        await claimVerificationMail(auth, (row.address as string).toLowerCase());
        await mailVerification({ id: row.id, address: row.address as string });
      } else {
        const error = await sendCode(auth, row);
        if (error !== null) throw new AppError('VALIDATION_ERROR', `The verification code could not be delivered: ${error}`);
      }
      return view(await load(auth, id), deps.secretBox);
    },

    /**
     * Confirms a method with the code its channel delivered: a wrong code counts a try (5 at most,
     * then a new code must be sent); a used, expired or spent code is 410-like conflict.
     */
    async verifyCode(auth: AuthContext, id: string, code: string) {
      assertSignedIn(auth);
      const row = await load(auth, id);
      if (channelModule(row.type)?.verification !== 'code' || row.verified_at) throw new ConflictError('This contact method needs no code');
      const outcome = await deps.contactMethods().consumeCode(member(auth), id, codeHash(id, code), CONTACT_CODE_MAX_ATTEMPTS);
      if (outcome === 'expired') throw new ConflictError('No live code: send a new one');
      if (outcome === 'wrong') {
        throw new AppError('VALIDATION_ERROR', 'The code is not right', { fields: { errors: [{ path: 'code', message: 'wrong code' }] } });
      }
      return view(await load(auth, id), deps.secretBox);
    },

    /**
     * Sends a test page through the method now, the way a real page goes (its own channel), and
     * says whether it went. An unverified method gets nothing: a test page must not reach an
     * address nobody confirmed.
     */
    async sendTest(auth: AuthContext, id: string): Promise<{ status: 'sent' | 'failed'; error: string | null }> {
      assertSignedIn(auth);
      const row = await load(auth, id);
      if (!row.verified_at) throw new ConflictError('Verify this contact method before sending it a test page');
      const error = await sendThrough(auth, row, {
        incident: TEST_INCIDENT,
        round: 1,
        level: 1,
        incidentUrl: `${deps.publicUrl}/incidents`,
        test: true,
      });
      return { status: error === null ? 'sent' : 'failed', error };
    },

    /** Whether a verification link is live, without using it (the GET confirmation page). */
    async verificationTarget(token: string): Promise<{ address: string } | null> {
      return (await deps.contactMethods().pendingVerification(hashOpaqueToken(token))) ?? null;
    },

    /** Uses a verification link, once: one statement, so two concurrent uses cannot both succeed. */
    async verify(token: string): Promise<{ address: string } | null> {
      return (await deps.contactMethods().consumeVerification(hashOpaqueToken(token))) ?? null;
    },
  };
}
