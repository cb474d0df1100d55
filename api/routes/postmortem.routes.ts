import type { Context } from 'koa';
import { envelope, IdParams } from '../schemas/common.ts';
import {
  ActionItemListResponse,
  ActionItemParams,
  ActionItemResponse,
  CreateActionItemBody,
  CreatePostmortemBody,
  PostmortemResponse,
  SimilarIncidentListResponse,
  UpdateActionItemBody,
  UpdatePostmortemBody,
} from '../schemas/postmortem.schemas.ts';
import type { PostmortemService, RequestOrigin } from '../services/postmortem.service.ts';
import { defineRoute } from './route.ts';
import { postmortemDocs } from '../docs/postmortem.ts';

const originOf = (ctx: Context): RequestOrigin => ({
  ip: ctx.ip ? ctx.ip.slice(0, 64) : null,
  userAgent: ctx.get('User-Agent').slice(0, 500) || null,
  requestId: String(ctx.state.requestId ?? ''),
});

/** A file name for the export: the title's letters and digits, dashed. */
const fileNameOf = (title: string) =>
  `${
    title
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .join('-')
      .slice(0, 80) || 'postmortem'
  }.md`;

export function postmortemRoutes(postmortems: PostmortemService) {
  const items = postmortems.items;
  return [
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/postmortem',
      operationId: 'createPostmortem',
      summary: "Draft the incident's postmortem from its records",
      description: postmortemDocs.createPostmortem,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: CreatePostmortemBody },
      responses: { 201: { description: 'Drafted', schema: PostmortemResponse } },
      errors: [404, 409],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await postmortems.create(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/postmortem',
      operationId: 'getPostmortem',
      summary: "The incident's postmortem with its action items",
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The postmortem', schema: PostmortemResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await postmortems.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/incidents/{id}/postmortem',
      operationId: 'updatePostmortem',
      summary: "Edit the postmortem's title, Markdown or status",
      description: postmortemDocs.updatePostmortem,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: UpdatePostmortemBody },
      responses: { 200: { description: 'The postmortem as changed', schema: PostmortemResponse } },
      errors: [404],
      handler: async ({ auth, params, body }, ctx) => ({ body: envelope(await postmortems.update(auth, params.id, body, originOf(ctx))) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/incidents/{id}/postmortem',
      operationId: 'deletePostmortem',
      summary: 'Delete the postmortem and its action items',
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await postmortems.remove(auth, params.id);
        return { status: 204 };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/postmortem.md',
      operationId: 'exportPostmortem',
      summary: 'The postmortem as a Markdown file, with its action items as a task list',
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'Markdown', contentType: 'text/markdown' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        const exported = await postmortems.exportMarkdown(auth, params.id);
        return {
          body: exported.markdown,
          headers: {
            'Content-Type': 'text/markdown; charset=utf-8',
            'Content-Disposition': `attachment; filename="${fileNameOf(exported.title)}"`,
            'Cache-Control': 'private, no-store',
          },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/postmortem/similar',
      operationId: 'listSimilarIncidents',
      // A hybrid search (embedding and all): counted as one, per organization too.
      rateLimit: 'search',
      summary: 'Similar past incidents and their postmortems',
      description: postmortemDocs.listSimilarIncidents,
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'Similar incidents', schema: SimilarIncidentListResponse } },
      errors: [404],
      handler: async ({ auth, params }) => {
        const similar = await postmortems.similar(auth, params.id);
        return { body: { data: similar.items, meta: { search: similar.search } } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/postmortem/action-items',
      operationId: 'listPostmortemActionItems',
      summary: "The postmortem's action items, oldest first",
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: IdParams },
      responses: { 200: { description: 'Action items', schema: ActionItemListResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await items.list(auth, params.id)) }),
    }),
    defineRoute({
      method: 'post',
      path: '/incidents/{id}/postmortem/action-items',
      operationId: 'addPostmortemActionItem',
      summary: 'Add an action item (owner, due date)',
      description: postmortemDocs.addPostmortemActionItem,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: IdParams, body: CreateActionItemBody },
      responses: { 201: { description: 'Added', schema: ActionItemResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ status: 201, body: envelope(await items.add(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/incidents/{id}/postmortem/action-items/{itemId}',
      operationId: 'getPostmortemActionItem',
      summary: 'One action item',
      tags: ['incidents'],
      access: 'incidents:read',
      request: { params: ActionItemParams },
      responses: { 200: { description: 'The action item', schema: ActionItemResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await items.get(auth, params.id, params.itemId)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/incidents/{id}/postmortem/action-items/{itemId}',
      operationId: 'updatePostmortemActionItem',
      summary: 'Change an action item: title, owner, due date, done',
      description: postmortemDocs.updatePostmortemActionItem,
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: ActionItemParams, body: UpdateActionItemBody },
      responses: { 200: { description: 'The action item as changed', schema: ActionItemResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await items.update(auth, params.id, params.itemId, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/incidents/{id}/postmortem/action-items/{itemId}',
      operationId: 'deletePostmortemActionItem',
      summary: 'Delete an action item',
      tags: ['incidents'],
      access: 'incidents:update',
      request: { params: ActionItemParams },
      responses: { 204: { description: 'Deleted' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await items.remove(auth, params.id, params.itemId);
        return { status: 204 };
      },
    }),
  ];
}
