import { envelope, IdParams, pageEnvelope } from '../schemas/common.ts';
import {
  ArticleListQuery,
  ArticleListResponse,
  ArticleResponse,
  CreateArticleBody,
  UpdateArticleBody,
} from '../schemas/knowledge-base.schemas.ts';
import type { KnowledgeBaseService } from '../services/knowledge-base.service.ts';
import { defineRoute } from './route.ts';

// No `knowledge_base` resource exists in the contract's permission list: reading articles is part of
// searching (`search:read`), and writing them is runbook authoring (`procedures:create|update|delete`).
const tags = ['knowledge-base'];

export function knowledgeBaseRoutes(articles: KnowledgeBaseService) {
  return [
    defineRoute({
      method: 'get',
      path: '/knowledge-base',
      operationId: 'listArticles',
      summary: 'List knowledge-base articles, most recently updated first',
      tags,
      access: 'search:read',
      request: { query: ArticleListQuery },
      responses: { 200: { description: 'A page of articles', schema: ArticleListResponse } },
      handler: async ({ auth, query }) => ({ body: pageEnvelope(await articles.list(auth, query), query) }),
    }),
    defineRoute({
      method: 'post',
      path: '/knowledge-base',
      operationId: 'createArticle',
      summary: 'Write a knowledge-base article (indexed for search)',
      tags,
      access: 'procedures:create',
      request: { body: CreateArticleBody },
      responses: { 201: { description: 'Created', schema: ArticleResponse } },
      handler: async ({ auth, body }) => ({ status: 201, body: envelope(await articles.create(auth, body)) }),
    }),
    defineRoute({
      method: 'get',
      path: '/knowledge-base/{id}',
      operationId: 'getArticle',
      summary: 'One knowledge-base article',
      tags,
      access: 'search:read',
      request: { params: IdParams },
      responses: { 200: { description: 'The article', schema: ArticleResponse } },
      errors: [404],
      handler: async ({ auth, params }) => ({ body: envelope(await articles.get(auth, params.id)) }),
    }),
    defineRoute({
      method: 'patch',
      path: '/knowledge-base/{id}',
      operationId: 'updateArticle',
      summary: "Update an article's title, body or tags",
      tags,
      access: 'procedures:update',
      request: { params: IdParams, body: UpdateArticleBody },
      responses: { 200: { description: 'The updated article', schema: ArticleResponse } },
      errors: [404],
      handler: async ({ auth, params, body }) => ({ body: envelope(await articles.update(auth, params.id, body)) }),
    }),
    defineRoute({
      method: 'delete',
      path: '/knowledge-base/{id}',
      operationId: 'deleteArticle',
      summary: 'Delete an article (and remove it from search)',
      tags,
      access: 'procedures:delete',
      request: { params: IdParams },
      responses: { 204: { description: 'Deleted' } },
      errors: [404],
      handler: async ({ auth, params }) => {
        await articles.remove(auth, params.id);
        return { status: 204 };
      },
    }),
  ];
}
