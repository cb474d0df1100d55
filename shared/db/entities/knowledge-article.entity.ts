import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { tenantFilter } from '../tenant-filter.ts';
import { OrganizationEntity } from './organization.entity.ts';

/** A knowledge-base article: what responders learned, searchable beside incidents and runbooks. */
export const KnowledgeArticleEntity = defineEntity({
  name: 'KnowledgeArticle',
  tableName: 'knowledge_articles',
  filters: tenantFilter(),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(OrganizationEntity).index(),
    title: p.string().length(500),
    body: p.text(),
    tags: p.json<string[]>().default('[]'),
    authorId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type KnowledgeArticle = InferEntity<typeof KnowledgeArticleEntity>;
