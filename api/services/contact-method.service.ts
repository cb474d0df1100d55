import type { EntityManager } from '@mikro-orm/postgresql';
import { generateOpaqueToken, hashOpaqueToken } from '../../shared/auth/api-keys.ts';
import type { SecretBox } from '../../shared/crypto/secret-box.ts';
import { destinationOf } from '../../shared/delivery/destination.ts';
import type { ContactMethodType } from '../../shared/domain/notification-rules.ts';
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

interface Row {
  id: string;
  user_id: string;
  type: ContactMethodType;
  label: string;
  address: string | null;
  webhook_sealed: string | null;
  webhook_destination: string | null;
  template: unknown;
  verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

type CreateInput =
  | { type: 'email'; label?: string; address: string }
  | { type: 'webhook'; label: string; url: string; headers?: Record<string, string>; template?: unknown };

const COLUMNS = 'id, user_id, type, label, address, webhook_sealed, webhook_destination, template, verified_at, created_at, updated_at';

/**
 * A credential that acts for its member only when that member is signed in: an API key (made for
 * machines, often narrowly scoped) cannot add a webhook that would receive the member's pages.
 */
export function assertSignedIn(auth: AuthContext): void {
  if (auth.kind !== 'user') throw new InsufficientPermissionsError('users:update (a signed-in member, not an API key)');
}

/** Each member's own contact methods: email addresses (verified by a mailed link) and webhooks (URL sealed at rest). */
export function createContactMethodService(deps: {
  em: () => EntityManager;
  secretBox: SecretBox;
  mailer: Mailer;
  /** The SSRF-guarded client test pages go through. */
  outboundHttp: HttpRequestFn;
  publicUrl: string;
}) {
  const view = (row: Row, secretBox: SecretBox): ContactMethodView => {
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
  const load = async (auth: AuthContext, id: string): Promise<Row> => {
    const [row] = await deps
      .em()
      .execute<Row[]>(`select ${COLUMNS} from contact_methods where id = ? and organization_id = ? and user_id = ?`, [
        id,
        auth.organizationId,
        auth.userId,
      ]);
    if (!row) throw new NotFoundError('Contact method');
    return row;
  };

  const seal = (url: string, headers: Record<string, string> | undefined) =>
    deps.secretBox.encrypt(JSON.stringify({ url, ...(headers && Object.keys(headers).length > 0 ? { headers } : {}) }));

  /** Mails a fresh single-use link to the address; the previous link stops working. */
  const mailVerification = async (row: { id: string; address: string }) => {
    const token = generateOpaqueToken();
    await deps
      .em()
      .execute(
        `update contact_methods set verification_token_hash = ?, verification_expires_at = now() + make_interval(secs => ?), updated_at = now() where id = ?`,
        [hashOpaqueToken(token), CONTACT_VERIFICATION_TTL_SECONDS, row.id],
      );
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
      const em = deps.em();
      const rows = await em.execute<Row[]>(
        `select ${COLUMNS} from contact_methods where organization_id = ? and user_id = ? order by created_at, id limit ? offset ?`,
        [auth.organizationId, auth.userId, query.limit, query.offset],
      );
      const [count] = await em.execute<Array<{ n: string }>>(
        'select count(*) as n from contact_methods where organization_id = ? and user_id = ?',
        [auth.organizationId, auth.userId],
      );
      return { items: rows.map((row) => view(row, deps.secretBox)), total: Number(count?.n ?? 0) };
    },

    async get(auth: AuthContext, id: string) {
      return view(await load(auth, id), deps.secretBox);
    },

    /** An email method is verified at once when it is the account's own address; else a link is mailed to it. */
    async create(auth: AuthContext, input: CreateInput) {
      assertSignedIn(auth);
      const em = deps.em();
      const [count] = await em.execute<Array<{ n: string }>>(
        'select count(*) as n from contact_methods where organization_id = ? and user_id = ?',
        [auth.organizationId, auth.userId],
      );
      if (Number(count?.n ?? 0) >= 20) throw new ConflictError('At most 20 contact methods per member');
      const id = uuidv7();
      if (input.type === 'email') {
        const address = input.address.toLowerCase();
        const [own] = await em.execute<Array<{ email: string }>>('select email from users where id = ? and organization_id = ?', [
          auth.userId,
          auth.organizationId,
        ]);
        const isAccountEmail = own?.email.toLowerCase() === address;
        await em.execute(
          `insert into contact_methods (id, organization_id, user_id, type, label, address, verified_at, created_at, updated_at)
           values (?, ?, ?, 'email', ?, ?, ${isAccountEmail ? 'now()' : 'null'}, now(), now())`,
          [id, auth.organizationId, auth.userId, input.label ?? address, address],
        );
        if (!isAccountEmail) await mailVerification({ id, address });
      } else {
        // The member configured the URL: there is nothing to confirm at the other end.
        await em.execute(
          `insert into contact_methods (id, organization_id, user_id, type, label, webhook_sealed, webhook_destination, template, verified_at, created_at, updated_at)
           values (?, ?, ?, 'webhook', ?, ?, ?, ?::jsonb, now(), now(), now())`,
          [
            id,
            auth.organizationId,
            auth.userId,
            input.label,
            seal(input.url, input.headers),
            destinationOf(input.url),
            input.template === undefined ? null : JSON.stringify(input.template),
          ],
        );
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
      const sets: string[] = ['updated_at = now()'];
      const params: unknown[] = [];
      if (input.label !== undefined) {
        sets.push('label = ?');
        params.push(input.label);
      }
      if (input.url !== undefined) {
        sets.push('webhook_sealed = ?', 'webhook_destination = ?');
        params.push(seal(input.url, input.headers), destinationOf(input.url));
      }
      if (input.template !== undefined) {
        sets.push('template = ?::jsonb');
        params.push(input.template === null ? null : JSON.stringify(input.template));
      }
      await deps
        .em()
        .execute(`update contact_methods set ${sets.join(', ')} where id = ? and organization_id = ? and user_id = ?`, [
          ...params,
          id,
          auth.organizationId,
          auth.userId,
        ]);
      return view(await load(auth, id), deps.secretBox);
    },

    /** Its notification rules go with it. */
    async remove(auth: AuthContext, id: string) {
      assertSignedIn(auth);
      await load(auth, id);
      await deps
        .em()
        .execute('delete from contact_methods where id = ? and organization_id = ? and user_id = ?', [
          id,
          auth.organizationId,
          auth.userId,
        ]);
    },

    /** Mails a new verification link (409 when already verified; 429 within a minute of the last one). */
    async resendVerification(auth: AuthContext, id: string) {
      assertSignedIn(auth);
      const row = await load(auth, id);
      if (row.type !== 'email' || row.verified_at) throw new ConflictError('This contact method needs no verification');
      const [recent] = await deps.em().execute<Array<{ wait: number }>>(
        `select ceil(extract(epoch from verification_expires_at - make_interval(secs => ?) + make_interval(secs => ?) - now()))::int as wait
         from contact_methods where id = ? and verification_expires_at is not null`,
        [CONTACT_VERIFICATION_TTL_SECONDS, CONTACT_VERIFICATION_RESEND_SECONDS, row.id],
      );
      if (recent && recent.wait > 0) throw new RateLimitedError(recent.wait, 'A verification link was mailed less than a minute ago');
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
      const [row] = await deps
        .em()
        .execute<Array<{ address: string }>>(
          `select address from contact_methods where verification_token_hash = ? and verification_expires_at > now() and verified_at is null`,
          [hashOpaqueToken(token)],
        );
      return row ?? null;
    },

    /** Uses a verification link, once: one statement, so two concurrent uses cannot both succeed. */
    async verify(token: string): Promise<{ address: string } | null> {
      const [row] = await deps.em().execute<Array<{ address: string }>>(
        `update contact_methods set verified_at = now(), verification_token_hash = null, verification_expires_at = null, updated_at = now()
         where verification_token_hash = ? and verification_expires_at > now() and verified_at is null
         returning address`,
        [hashOpaqueToken(token)],
      );
      return row ?? null;
    },
  };
}
