import { z } from 'zod';
import { RESPONDER_STATUSES, RESPONDER_VIA_TYPES } from '../../shared/domain/responders.ts';
import { single, timestamp } from './common.ts';

export const ResponderTargetSchema = z
  .object({
    type: z
      .enum(RESPONDER_VIA_TYPES)
      .describe(
        '`user`: that member; `schedule`: whoever the schedule has on call now; `escalation_policy`: the people of its first level now (a schedule there: its on-call)',
      ),
    id: z.uuid(),
  })
  .strict()
  .meta({ id: 'ResponderTarget' });

export const AddRespondersBody = z
  .object({
    targets: z.array(ResponderTargetSchema).min(1).max(20).describe('Whom to ask; each person is asked once per incident'),
    message: z.string().trim().min(1).max(2000).nullish().describe('Why they are asked: shown in the request and its pages'),
  })
  .strict();
export type AddRespondersInput = z.output<typeof AddRespondersBody>;

export const ResponderParams = z.object({ id: z.uuid(), responderId: z.uuid() });

export const ResponderSchema = z
  .object({
    id: z.uuid(),
    incident_id: z.uuid(),
    user_id: z.uuid(),
    user_name: z.string().nullable(),
    requested_by: z.uuid().nullable().describe('Who asked (null: that member has since left)'),
    message: z.string().nullable(),
    via: z.object({ type: z.enum(RESPONDER_VIA_TYPES), id: z.uuid() }).describe('How the person came to be asked'),
    status: z
      .enum(RESPONDER_STATUSES)
      .describe('`requested`: paged through their notification rules until they answer; `accepted`; `declined`: never paged again'),
    responded_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'Responder' });
export type ResponderView = z.output<typeof ResponderSchema>;

export const AddRespondersResultSchema = z
  .object({
    added: z.array(ResponderSchema).describe('The requests made now (each paged once through the person’s notification rules)'),
    already_asked: z.array(z.uuid()).describe('People asked before on this incident, whatever they answered: not asked or paged again'),
    nobody_on_call: z.array(z.uuid()).describe('Schedules and policies that resolved to nobody at this moment'),
    responders: z.array(ResponderSchema).describe('Every responder of the incident now'),
  })
  .meta({ id: 'AddRespondersResult' });
export type AddRespondersResult = z.output<typeof AddRespondersResultSchema>;

export const AddRespondersResponse = single(AddRespondersResultSchema);
export const ResponderResponse = single(ResponderSchema);
export const ResponderListResponse = single(z.array(ResponderSchema));
