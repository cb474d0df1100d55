import type { Context } from 'koa';
import getRawBody from 'raw-body';
import { WebhookError } from '../../shared/errors.ts';

/**
 * The exact bytes of a webhook body: signatures are computed over them, so no parser may touch
 * the body first. Over `limitBytes` → 413 in the webhook error shape, before reading it all.
 */
export async function readRawBody(ctx: Context, limitBytes: number): Promise<Buffer> {
  const declared = Number(ctx.get('Content-Length'));
  if (Number.isFinite(declared) && declared > limitBytes) {
    throw new WebhookError('PAYLOAD_TOO_LARGE', `Body exceeds ${limitBytes} bytes`);
  }
  try {
    return await getRawBody(ctx.req, { limit: limitBytes, length: ctx.get('Content-Length') || undefined });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') throw new WebhookError('PAYLOAD_TOO_LARGE', `Body exceeds ${limitBytes} bytes`);
    throw new WebhookError('INVALID_PAYLOAD', 'The request body could not be read');
  }
}
