/**
 * What `tocsin` exits with; scripts may rely on these (docs/user-guide/cli.md lists them).
 * Anything the API refused maps to one of these from its HTTP status.
 */
export const EXIT = {
  OK: 0,
  /** Unexpected failure, or the server answered 5xx. */
  ERROR: 1,
  /** Bad command line: unknown command or flag, missing or malformed value. */
  USAGE: 2,
  /** Not logged in, or the credential was refused (401). */
  AUTH: 3,
  /** The credential lacks the permission (403). */
  FORBIDDEN: 4,
  /** The incident, procedure, execution or integration does not exist (404). */
  NOT_FOUND: 5,
  /** The API rejected the request: validation (422), conflict (409), bad payload or signature (400, 401 on webhooks, 413). */
  REJECTED: 6,
  /** The server could not be reached, or asked to retry later (429, 503). */
  UNAVAILABLE: 7,
  /** `runbook run`: the execution ended `failed` or `cancelled`. */
  RUNBOOK_FAILED: 8,
  /** Interrupted (Ctrl-C). */
  INTERRUPTED: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly code: string;
  readonly status?: number;

  constructor(exitCode: ExitCode, code: string, message: string, status?: number) {
    super(message);
    this.exitCode = exitCode;
    this.code = code;
    this.status = status;
  }
}

/** The exit code for an HTTP error status the API answered with. */
export function exitCodeForStatus(status: number, options: { webhook?: boolean } = {}): ExitCode {
  if (status === 401) return options.webhook ? EXIT.REJECTED : EXIT.AUTH;
  if (status === 403) return EXIT.FORBIDDEN;
  if (status === 404) return EXIT.NOT_FOUND;
  if (status === 429 || status === 502 || status === 503 || status === 504) return EXIT.UNAVAILABLE;
  if (status >= 400 && status < 500) return EXIT.REJECTED;
  return EXIT.ERROR;
}
