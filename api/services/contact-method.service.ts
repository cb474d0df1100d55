import { generateOpaqueToken, hashOpaqueToken } from '../../shared/auth/api-keys.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import type { ContactMethodRow, ContactMethodStore, MemberKey } from '../../shared/db/access/contact-methods.ts';
import { destinationOf } from '../../shared/delivery/destination.ts';
import { AppError, ConflictError, InsufficientPermissionsError, NotFoundError, RateLimitedError } from '../../shared/errors.ts';
import type { Mailer } from '../../shared/mail/mailer.ts';
import type { HttpRequestFn } from '../../shared/net/outbound-http.ts';
import {
  contactWebhookBody,
  pageMailMessage,
  sendContactWebhook,
  type ContactWebhookSecret,
  type PageContent,
} from '../../shared/paging/contact-page.ts';
import { uuidv7 } from '../../shared/uuidv7.ts';
import type { AuthContext } from '../auth-context.ts';
import type { ContactMethodView } from '../schemas/contact-method.schemas.ts';

export type ContactMethodService = ReturnType<typeof createContactMethodService>;

/** A verification link works this long. */
export const CONTACT_VERIFICATION_TTL_SECONDS = 24 * 3600;

/** The least time between two verification mails to one address: nobody can mail-bomb an address they typed in. */
export const CONTACT_VERIFICATION_RESEND_SECONDS = 60;

type CreateInput =
  | { type: 'email'; label?: string; address: string }
  | { type: 'webhook'; label: string; url: string; headers?: Record<string, string>; template?: unknown };

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
  /** The SSRF-guarded client test pages go through. */
  outboundHttp: HttpRequestFn;
  publicUrl: string;
}) {
  const view = (row: ContactMethodRow, secretBox: SecretBox): ContactMethodView => {
    let headerNames: string[] = [];
    if (row.type === 'webhook' && row.webhook_sealed) {
      headerNames = Object.keys((JSON.parse(secretBox.decrypt(row.webhook_sealed)) as ContactWebhookSecret).headers ?? {});
    }
    return {
      id: row.id,
      user_id: row.user_id,
      type: row.type,
      label: row.label,
      address: row.type === 'email' ? row.address : null,
      webhook:
        row.type === 'webhook'
          ? { destination: row.webhook_destination ?? '', header_names: headerNames, template: row.template ?? null }
          : null,
      verified: row.verified_at !== null,
      verified_at: row.verified_at ? new Date(row.verified_at).toISOString() : null,
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  };

  /** The caller's own method; anyone else's (same organization or not) is not found. */
  const load = async (auth: AuthContext, id: string): Promise<ContactMethodRow> => {
    const row = await deps.contactMethods().find(member(auth), id);
    if (!row) throw new NotFoundError('Contact method');
    return row;
  };

  const seal = (url: string, headers: Record<string, string> | undefined) =>
    deps.secretBox.encrypt(JSON.stringify({ url, ...(headers && Object.keys(headers).length > 0 ? { headers } : {}) }));

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

    /** An email method is verified at once when it is the account's own address; else a link is mailed to it. */
    async create(auth: AuthContext, input: CreateInput) {
      assertSignedIn(auth);
      const store = deps.contactMethods();
      if ((await store.count(member(auth))) >= 20) throw new ConflictError('At most 20 contact methods per member');
      const id = uuidv7();
      if (input.type === 'email') {
        const address = input.address.toLowerCase();
        const isAccountEmail = (await store.accountEmail(member(auth)))?.toLowerCase() === address;
        // Before the row: creating and deleting a method in a loop must not mail the address each time.
        if (!isAccountEmail) await claimVerificationMail(auth, address);
        await store.insertEmail(member(auth), { id, label: input.label ?? address, address, verified: isAccountEmail });
        if (!isAccountEmail) await mailVerification({ id, address });
      } else {
        // The member configured the URL: there is nothing to confirm at the other end.
        await store.insertWebhook(member(auth), {
          id,
          label: input.label,
          sealed: seal(input.url, input.headers),
          destination: destinationOf(input.url),
          template: input.template,
        });
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
        throw new AppError('VALIDATION_ERROR', 'An email method has only a label to change', {
          fields: { errors: [{ path: 'url', message: 'only webhook methods have a url, headers or template' }] },
        });
      }
      await deps.contactMethods().update(member(auth), id, {
        label: input.label,
        webhook: input.url === undefined ? undefined : { sealed: seal(input.url, input.headers), destination: destinationOf(input.url) },
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

    /** Mails a new verification link (409 when already verified; 429 within a minute of the last one). */
    async resendVerification(auth: AuthContext, id: string) {
      assertSignedIn(auth);
      const row = await load(auth, id);
      if (row.type !== 'email' || row.verified_at) throw new ConflictError('This contact method needs no verification');
      const wait = await deps
        .contactMethods()
        .secondsUntilResend(row.id, CONTACT_VERIFICATION_TTL_SECONDS, CONTACT_VERIFICATION_RESEND_SECONDS);
      if (wait !== undefined && wait > 0) throw new RateLimitedError(wait, 'A verification link was mailed less than a minute ago');
      await claimVerificationMail(auth, row.address as string);
      await mailVerification({ id: row.id, address: row.address as string });
      return view(await load(auth, id), deps.secretBox);
    },

    /**
     * Sends a test page through the method now, the way a real page goes (mail, or the guarded
     * webhook client), and says whether it went. An unverified address gets nothing: a test page
     * must not mail an address nobody confirmed.
     */
    async sendTest(auth: AuthContext, id: string): Promise<{ status: 'sent' | 'failed'; error: string | null }> {
      assertSignedIn(auth);
      const row = await load(auth, id);
      if (!row.verified_at) throw new ConflictError('Verify this contact method before sending it a test page');
      const content: PageContent = {
        incident: { id: '00000000-0000-0000-0000-000000000000', title: 'Test page', severity: 'info', status: 'active' },
        round: 1,
        level: 1,
        incidentUrl: `${deps.publicUrl}/incidents`,
        test: true,
      };
      let error: string | null;
      if (row.type === 'webhook') {
        const webhook = JSON.parse(deps.secretBox.decrypt(row.webhook_sealed as string)) as ContactWebhookSecret;
        error = await sendContactWebhook(deps.outboundHttp, webhook, contactWebhookBody(row.template, content));
      } else {
        error = await deps.mailer
          .send({ to: row.address as string, ...pageMailMessage(content) })
          .then(() => null)
          .catch((failure: unknown) => (failure instanceof Error ? failure.message : String(failure)).slice(0, 1000));
      }
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
