import { isDatabaseConnectionError } from './db/connection-errors.ts';

/** Every error code of the API contract, with the HTTP status it is rendered with. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_TOKEN: 401,
  INVALID_API_KEY: 401,
  INSUFFICIENT_PERMISSIONS: 403,
  // A cookie-authenticated write, or a login, sent by a page of another site.
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 422,
  ACCOUNT_LOCKED: 423,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  // No payment provider configured (billing checkout and webhook), or no chat assistant.
  BILLING_NOT_CONFIGURED: 409,
  ASSISTANT_NOT_CONFIGURED: 409,
  HELPER_NOT_AVAILABLE: 503,
  // A member or integration beyond the plan's quota: paying (a larger plan) is what lifts it.
  PLAN_LIMIT_REACHED: 402,
  // Inbound webhooks answer in the spec's webhook shape: { error: { code, message, details } }.
  WEBHOOK_VALIDATION_FAILED: 401,
  INVALID_PAYLOAD: 400,
  INTEGRATION_NOT_FOUND: 404,
  INTEGRATION_DISABLED: 409,
  // Single sign-on: a refused identity-provider answer, password login where SSO is required, no such connection.
  SSO_FAILED: 401,
  SSO_REQUIRED: 403,
  SSO_CONNECTION_NOT_FOUND: 404,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  path: string;
  message: string;
}

/** Base of every error the API renders on purpose; anything else becomes INTERNAL_ERROR. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly fields: Record<string, unknown>;
  /** `webhook` renders as the spec's webhook error object instead of the general envelope. */
  readonly shape: 'standard' | 'webhook';

  constructor(
    code: ErrorCode,
    detail: string,
    options: { headers?: Record<string, string>; fields?: Record<string, unknown>; shape?: 'standard' | 'webhook'; cause?: unknown } = {},
  ) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.headers = options.headers ?? {};
    this.fields = options.fields ?? {};
    this.shape = options.shape ?? 'standard';
  }
}

/** A failure of an inbound webhook; `details` is echoed to the sender (never the expected signature). */
export class WebhookError extends AppError {
  constructor(
    code: 'WEBHOOK_VALIDATION_FAILED' | 'INVALID_PAYLOAD' | 'INTEGRATION_NOT_FOUND' | 'INTEGRATION_DISABLED' | 'PAYLOAD_TOO_LARGE',
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(code, message, { fields: { details }, shape: 'webhook' });
  }
}

export class BadRequestError extends AppError {
  constructor(detail = 'Bad request') {
    super('BAD_REQUEST', detail);
  }
}

export class ValidationError extends AppError {
  readonly errors: FieldError[];
  constructor(errors: FieldError[], detail = 'Request validation failed') {
    super('VALIDATION_ERROR', detail, { fields: { errors } });
    this.errors = errors;
  }
}

export class InvalidTokenError extends AppError {
  constructor(detail = 'Could not validate credentials') {
    super('INVALID_TOKEN', detail, { headers: { 'WWW-Authenticate': 'Bearer' } });
  }
}

export class InvalidApiKeyError extends AppError {
  constructor(detail = 'Invalid or revoked API key') {
    super('INVALID_API_KEY', detail);
  }
}

export class InsufficientPermissionsError extends AppError {
  constructor(permission: string) {
    super('INSUFFICIENT_PERMISSIONS', `Missing permission ${permission}`, { fields: { required_permission: permission } });
  }
}

export class NotFoundError extends AppError {
  constructor(what = 'Resource') {
    super('NOT_FOUND', `${what} not found`);
  }
}

export class ConflictError extends AppError {
  constructor(detail: string) {
    super('CONFLICT', detail);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super('PAYLOAD_TOO_LARGE', `Request body exceeds ${limitBytes} bytes`);
  }
}

/** One more member or integration than the organization's plan allows; nothing was created. */
export class PlanLimitReachedError extends AppError {
  constructor(resource: 'members' | 'integrations', limit: number, plan: string, options: { upgradable?: boolean } = {}) {
    super(
      'PLAN_LIMIT_REACHED',
      options.upgradable === false
        ? `This instance allows ${limit} ${resource} per organization; remove some first`
        : `The ${plan} plan allows ${limit} ${resource}; upgrade the plan (POST /billing/checkout) or remove some first`,
      {
        fields: { resource, limit, plan },
      },
    );
  }
}

/** Any refused single sign-on answer; nothing was created. `detail` says why, for the person and the log. */
export class SsoFailedError extends AppError {
  constructor(detail: string, options: { cause?: unknown } = {}) {
    super('SSO_FAILED', detail, options);
  }
}

export class AccountLockedError extends AppError {
  constructor(retryAfterSeconds: number) {
    super('ACCOUNT_LOCKED', 'Account temporarily locked after too many failed login attempts', {
      headers: { 'Retry-After': String(retryAfterSeconds) },
    });
  }
}

export class RateLimitedError extends AppError {
  constructor(retryAfterSeconds: number, detail = 'Rate limit exceeded') {
    super('RATE_LIMITED', detail, { headers: { 'Retry-After': String(retryAfterSeconds) } });
  }
}

/** How long a client is told to wait when a dependency is down: long enough for a restart or failover. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export class ServiceUnavailableError extends AppError {
  constructor(detail: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super('SERVICE_UNAVAILABLE', detail, {
      headers: { 'Retry-After': String(options.retryAfterSeconds ?? SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) },
      cause: options.cause,
    });
  }
}

export type Dependency = 'database' | 'temporal';

// gRPC status codes a Temporal call ends with when the server cannot take it in time: unreachable,
// too slow, or still asking for a moment at the call's deadline (a workflow refusing signals while
// its continue-as-new is retried, a rate limit).
const TEMPORAL_UNAVAILABLE_CODES = new Set([14 /* UNAVAILABLE */, 4 /* DEADLINE_EXCEEDED */, 8 /* RESOURCE_EXHAUSTED */]);

function isTemporalUnreachable(error: unknown): boolean {
  for (let node = error, depth = 0; node !== null && typeof node === 'object' && depth < 8; depth += 1) {
    const { code, details, cause } = node as { code?: unknown; details?: unknown; cause?: unknown };
    // A gRPC status error carries a numeric code and its details; the SDK's ServiceError wraps one.
    if (typeof code === 'number' && TEMPORAL_UNAVAILABLE_CODES.has(code) && typeof details === 'string') return true;
    node = cause;
  }
  return false;
}

/**
 * Which dependency an unexpected error says is unreachable (a condition that passes: the API
 * answers 503 with Retry-After), or undefined for a genuine bug (500).
 */
export function unavailableDependency(error: unknown): Dependency | undefined {
  if (isTemporalUnreachable(error)) return 'temporal';
  if (isDatabaseConnectionError(error)) return 'database';
  return undefined;
}
