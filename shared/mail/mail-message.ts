/** One mail as Tocsin sends it: what a page, a notification or a verification mail is made into. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text body; it may carry a one-time token, so it is never logged. */
  text: string;
  /** Extra headers (List-Unsubscribe of subscription mails); names as sent. */
  headers?: Record<string, string>;
}
