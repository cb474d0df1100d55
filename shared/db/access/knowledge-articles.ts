import type { EntityManager } from '@mikro-orm/postgresql';
import { KnowledgeArticleEntity, type KnowledgeArticle } from '../entities/index.ts';
import { unscoped } from '../tenant-filter.ts';

/** A knowledge-base article as stored. */
export interface KnowledgeArticleRecord {
  id: string;
  title: string;
  body: string;
  tags: string[];
  authorId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export type KnowledgeArticleFields = Pick<KnowledgeArticleRecord, 'title' | 'body' | 'tags'>;

/** Every read and write is confined to the organization given. */
export interface KnowledgeArticleStore {
  /** Most recently updated first; only those tagged `tag`, when given. */
  list(
    organizationId: string,
    page: { limit: number; offset: number; tag?: string },
  ): Promise<{ items: KnowledgeArticleRecord[]; total: number }>;
  find(organizationId: string, id: string): Promise<KnowledgeArticleRecord | undefined>;
  insert(organizationId: string, fields: KnowledgeArticleFields & { authorId: string | null }): Promise<KnowledgeArticleRecord>;
  /** Undefined when the organization has no such article; `updatedAt` moves only when something changed. */
  update(organizationId: string, id: string, changes: Partial<KnowledgeArticleFields>): Promise<KnowledgeArticleRecord | undefined>;
  /** False when the organization has no such article. */
  remove(organizationId: string, id: string): Promise<boolean>;
}

const articleRecord = (article: KnowledgeArticle): KnowledgeArticleRecord => ({
  id: article.id,
  title: article.title,
  body: article.body,
  tags: article.tags,
  authorId: article.authorId ?? null,
  createdAt: article.createdAt,
  updatedAt: article.updatedAt,
});

/** The organization's knowledge-base articles (`knowledge_articles`). */
export function createKnowledgeArticleStore(em: EntityManager): KnowledgeArticleStore {
  const findArticle = (organizationId: string, id: string) =>
    em.findOne(KnowledgeArticleEntity, { id, organization: organizationId }, unscoped);
  return {
    async list(organizationId, page) {
      const where = page.tag ? { organization: organizationId, tags: { $contains: [page.tag] } } : { organization: organizationId };
      const [items, total] = await em.findAndCount(KnowledgeArticleEntity, where, {
        ...unscoped,
        orderBy: { updatedAt: 'desc', id: 'desc' },
        limit: page.limit,
        offset: page.offset,
      });
      return { items: items.map(articleRecord), total };
    },

    async find(organizationId, id) {
      const article = await findArticle(organizationId, id);
      return article ? articleRecord(article) : undefined;
    },

    async insert(organizationId, fields) {
      const article = em.create(KnowledgeArticleEntity, { organization: organizationId, ...fields });
      await em.flush();
      return articleRecord(article);
    },

    async update(organizationId, id, changes) {
      const article = await findArticle(organizationId, id);
      if (!article) return undefined;
      if (changes.title !== undefined) article.title = changes.title;
      if (changes.body !== undefined) article.body = changes.body;
      if (changes.tags !== undefined) article.tags = changes.tags;
      await em.flush();
      return articleRecord(article);
    },

    async remove(organizationId, id) {
      return (await em.nativeDelete(KnowledgeArticleEntity, { id, organization: organizationId }, unscoped)) > 0;
    },
  };
}
