import { z } from 'zod';
import { POSTMORTEM_CONTENT_MAX, POSTMORTEM_STATUSES } from '../../shared/domain/postmortem/snapshot.ts';
import { nonBlankText, requireAnyOf, single, timestamp } from './common.ts';

const postmortemTitle = nonBlankText().max(300);
const postmortemContent = z
  .string()
  .max(POSTMORTEM_CONTENT_MAX)
  .describe(`The postmortem as Markdown, at most ${POSTMORTEM_CONTENT_MAX} characters`);
const postmortemStatus = z
  .enum(POSTMORTEM_STATUSES)
  .describe('`draft` → `in_review` → `published` (any order is allowed; the first publication is recorded in `published_at`)');

export const ActionItemSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    owner_id: z.uuid().nullable().describe('The member who owns it; null: nobody yet (or the owner has left)'),
    owner_name: z.string().nullable(),
    due_date: z.iso.date().nullable().describe('YYYY-MM-DD'),
    done: z.boolean(),
    done_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: 'PostmortemActionItem' });
export type ActionItemView = z.output<typeof ActionItemSchema>;

export const PostmortemSchema = z
  .object({
    id: z.uuid(),
    incident_id: z.uuid(),
    title: z.string(),
    status: z.enum(POSTMORTEM_STATUSES),
    content: z.string().describe('Markdown, generated from the incident when created and edited by the team since'),
    created_by: z.uuid().nullable(),
    published_at: timestamp().nullable().describe('When it was first published'),
    created_at: timestamp(),
    updated_at: timestamp(),
    action_items: z.array(ActionItemSchema),
  })
  .meta({ id: 'Postmortem' });
export type PostmortemView = z.output<typeof PostmortemSchema>;

export const CreatePostmortemBody = z
  .object({ title: postmortemTitle.optional().describe('Defaults to "Postmortem: <incident title>"') })
  .strict();

export const UpdatePostmortemBody = requireAnyOf(
  z
    .object({
      title: postmortemTitle.optional(),
      content: postmortemContent.optional(),
      status: postmortemStatus.optional(),
    })
    .strict(),
);

const ownerId = z.uuid().nullable().describe('A member of the organization (422 otherwise); null: nobody yet');
const dueDate = z.iso.date().nullable().describe('YYYY-MM-DD');

export const CreateActionItemBody = z
  .object({
    title: nonBlankText().max(500),
    owner_id: ownerId.optional(),
    due_date: dueDate.optional(),
    done: z.boolean().optional(),
  })
  .strict();

export const UpdateActionItemBody = requireAnyOf(
  z
    .object({
      title: nonBlankText().max(500).optional(),
      owner_id: ownerId.optional(),
      due_date: dueDate.optional(),
      done: z.boolean().optional(),
    })
    .strict(),
);

export const ActionItemParams = z.object({ id: z.uuid(), itemId: z.uuid() });

export const SimilarIncidentSchema = z
  .object({
    incident_id: z.uuid(),
    title: z.string(),
    score: z.number(),
    postmortem: z
      .object({
        id: z.uuid(),
        title: z.string(),
        status: z.enum(POSTMORTEM_STATUSES),
        url: z.string().describe('Its API path: `/api/v1/incidents/<id>/postmortem`'),
      })
      .nullable()
      .describe('Its postmortem, when it has one'),
  })
  .meta({ id: 'SimilarIncident' });
export type SimilarIncidentView = z.output<typeof SimilarIncidentSchema>;

export const PostmortemResponse = single(PostmortemSchema);
export const ActionItemResponse = single(ActionItemSchema);
export const ActionItemListResponse = z.object({ data: z.array(ActionItemSchema), meta: z.object({}).catchall(z.unknown()) });
export const SimilarIncidentListResponse = z.object({
  data: z.array(SimilarIncidentSchema),
  meta: z
    .object({
      search: z
        .enum(['available', 'unavailable'])
        .describe('`unavailable`: search is off or unreachable on this instance, so the list is empty rather than an error'),
    })
    .catchall(z.unknown()),
});
