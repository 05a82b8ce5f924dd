import { DictType } from '@dealer-hr/shared/dictionary-types';
import { and, asc, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { assignments, dictionaryItems, headcountPlans, posts } from '../../db/schema';
import { writeAudit, type AuditActor } from '../../lib/audit';
import { conflict, fieldConflict, notFound, validationFailed } from '../../lib/errors';
import { likeContains, offsetOf } from '../../lib/paging';
import { onForeignKeyViolation, onUniqueViolation } from '../../lib/pg-errors';
import type {
  MainPostOption,
  PostRow,
  PostStoreBody,
  PostUpdateBody,
} from '@dealer-hr/shared/posts/contract';
import { postMessages } from '@dealer-hr/shared/posts/rules';
import type { PostListQuery } from './posts.schemas';

type PostRecord = typeof posts.$inferSelect;

const postTypes = alias(dictionaryItems, 'post_types');
const categories = alias(dictionaryItems, 'post_categories');

const listColumns = {
  post: posts,
  postTypeName: postTypes.name,
  categoryName: categories.name,
};

const rowOf = (post: PostRecord, postTypeName: string | null, categoryName: string | null): PostRow => ({
  id: post.id,
  code: post.code,
  name: post.name,
  post_type_id: post.postTypeId,
  post_type_name: postTypeName,
  category_id: post.categoryId,
  category_name: categoryName,
  is_main: post.isMain,
  sort: post.sort,
  status: post.status,
  description: post.description,
  created_at: post.createdAt.toISOString(),
  updated_at: post.updatedAt.toISOString(),
});

const auditOf = (post: PostRecord) => ({
  code: post.code,
  name: post.name,
  postTypeId: post.postTypeId,
  categoryId: post.categoryId,
  isMain: post.isMain,
  sort: post.sort,
  status: post.status,
  description: post.description,
});

/** `GET posts/index`: filtered and paged, in display order (sort, then id). */
export async function listPosts(
  db: Database,
  query: PostListQuery,
): Promise<{ data: PostRow[]; total: number }> {
  const where = and(
    query.keyword
      ? or(ilike(posts.name, likeContains(query.keyword)), ilike(posts.code, likeContains(query.keyword)))
      : undefined,
    query.post_type_id ? eq(posts.postTypeId, query.post_type_id) : undefined,
    query.category_id ? eq(posts.categoryId, query.category_id) : undefined,
    query.is_main === undefined ? undefined : eq(posts.isMain, query.is_main),
    query.status ? eq(posts.status, query.status) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(listColumns)
      .from(posts)
      .leftJoin(postTypes, eq(postTypes.id, posts.postTypeId))
      .leftJoin(categories, eq(categories.id, posts.categoryId))
      .where(where)
      .orderBy(asc(posts.sort), asc(posts.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ total: count() }).from(posts).where(where),
  ]);
  return {
    data: rows.map((row) => rowOf(row.post, row.postTypeName, row.categoryName)),
    total: totals?.total ?? 0,
  };
}

/** `GET posts/main/post`: the active main posts, for the selects of hiring and transfer forms. */
export function mainPosts(db: Database): Promise<MainPostOption[]> {
  return db
    .select({ id: posts.id, code: posts.code, name: posts.name })
    .from(posts)
    .where(and(eq(posts.isMain, true), eq(posts.status, 'active')))
    .orderBy(asc(posts.sort), asc(posts.id));
}

async function rowById(db: Database, id: number): Promise<PostRow> {
  const [row] = await db
    .select(listColumns)
    .from(posts)
    .leftJoin(postTypes, eq(postTypes.id, posts.postTypeId))
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.id, id));
  if (!row) throw notFound(postMessages.notFound);
  return rowOf(row.post, row.postTypeName, row.categoryName);
}

/**
 * A dictionary field must name an enabled item of its own type: an item id of another dictionary would be
 * stored happily by the foreign key and then show a nonsense name.
 */
async function assertItemOfType(
  tx: Database,
  itemId: number | null | undefined,
  typeId: number,
  field: string,
  message: string,
): Promise<void> {
  if (itemId === null || itemId === undefined) return;
  const [item] = await tx
    .select({ id: dictionaryItems.id })
    .from(dictionaryItems)
    .where(
      and(
        eq(dictionaryItems.id, itemId),
        eq(dictionaryItems.typeId, typeId),
        eq(dictionaryItems.enabled, true),
      ),
    );
  if (!item) throw validationFailed([{ field, message }]);
}

async function assertDictionaryFields(
  tx: Database,
  body: { post_type_id?: number | null; category_id?: number | null },
): Promise<void> {
  await assertItemOfType(
    tx,
    body.post_type_id,
    DictType.POST_TYPE,
    'post_type_id',
    postMessages.postTypeInvalid,
  );
  await assertItemOfType(
    tx,
    body.category_id,
    DictType.POST_CATEGORY,
    'category_id',
    postMessages.categoryInvalid,
  );
}

/** Also the answer when two concurrent writes of one code both pass the check: the unique index stops one. */
const codeTaken = () => fieldConflict('code', postMessages.codeTaken);

async function assertCodeFree(tx: Database, code: string, exceptId?: number): Promise<void> {
  const others: SQL | undefined = exceptId ? ne(posts.id, exceptId) : undefined;
  const [taken] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.code, code), others))
    .limit(1);
  if (taken) throw codeTaken();
}

export async function createPost(db: Database, actor: AuditActor, body: PostStoreBody): Promise<PostRow> {
  const id = await onUniqueViolation(codeTaken, () =>
    db.transaction(async (tx) => {
      await assertDictionaryFields(tx, body);
      await assertCodeFree(tx, body.code);
      const [row] = await tx
        .insert(posts)
        .values({
          code: body.code,
          name: body.name,
          postTypeId: body.post_type_id ?? null,
          categoryId: body.category_id ?? null,
          isMain: body.is_main,
          sort: body.sort,
          status: body.status,
          description: body.description,
        })
        .returning();
      await writeAudit(tx, actor, {
        entity: 'post',
        entityId: row!.id,
        action: 'create',
        after: auditOf(row!),
      });
      return row!.id;
    }),
  );
  return rowById(db, id);
}

async function lockPost(tx: Database, id: number): Promise<PostRecord> {
  const [row] = await tx.select().from(posts).where(eq(posts.id, id)).for('update');
  if (!row) throw notFound(postMessages.notFound);
  return row;
}

export async function updatePost(db: Database, actor: AuditActor, body: PostUpdateBody): Promise<PostRow> {
  await onUniqueViolation(codeTaken, () =>
    db.transaction(async (tx) => {
      const before = await lockPost(tx, body.id);
      await assertDictionaryFields(tx, body);
      if (body.code !== undefined && body.code !== before.code)
        await assertCodeFree(tx, body.code, before.id);
      const changes: Partial<typeof posts.$inferInsert> = {
        code: body.code,
        name: body.name,
        postTypeId: body.post_type_id,
        categoryId: body.category_id,
        isMain: body.is_main,
        sort: body.sort,
        status: body.status,
        description: body.description,
      };
      const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(set).length === 0) return;
      const [after] = await tx.update(posts).set(set).where(eq(posts.id, before.id)).returning();
      await writeAudit(tx, actor, {
        entity: 'post',
        entityId: before.id,
        action: 'update',
        before: auditOf(before),
        after: auditOf(after!),
      });
    }),
  );
  return rowById(db, body.id);
}

const inUse = () => conflict(postMessages.inUse);

/**
 * A post named by any assignment, open or ended, or by a headcount plan row stays: history must keep
 * pointing at it. The user is told to disable it instead.
 */
export function destroyPost(db: Database, actor: AuditActor, id: number): Promise<{ id: number }> {
  // Another table added later that names the post: the same answer rather than a 500.
  return onForeignKeyViolation(inUse, () =>
    db.transaction(async (tx) => {
      const before = await lockPost(tx, id);
      const [held] = await tx
        .select({ id: assignments.id })
        .from(assignments)
        .where(eq(assignments.postId, id))
        .limit(1);
      const [planned] = await tx
        .select({ postId: headcountPlans.postId })
        .from(headcountPlans)
        .where(eq(headcountPlans.postId, id))
        .limit(1);
      if (held || planned) throw inUse();
      // Post roles go with the post (their foreign key cascades).
      await tx.delete(posts).where(eq(posts.id, id));
      await writeAudit(tx, actor, {
        entity: 'post',
        entityId: id,
        action: 'delete',
        before: auditOf(before),
      });
      return { id };
    }),
  );
}
