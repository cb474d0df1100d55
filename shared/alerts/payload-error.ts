/**
 * An inbound alert body that cannot become an alert. `field` is the path of the offending or
 * missing field (`alerts`, `alerts[1].labels.severity`, `body` for a non-object body), so the
 * webhook route can answer 400 `INVALID_PAYLOAD` with something the sender can act on.
 */
export class AlertPayloadError extends Error {
  readonly field: string;
  /** What is wrong with the field, e.g. `is required`. */
  readonly problem: string;

  constructor(field: string, problem = 'is required') {
    super(`Invalid alert payload: ${field} ${problem}`);
    this.name = 'AlertPayloadError';
    this.field = field;
    this.problem = problem;
  }

  /** The field and its problem, without the prefix: a rejected alert's reason. */
  get reason(): string {
    return `${this.field} ${this.problem}`;
  }
}
