import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DepartmentKind } from '@dealer-hr/shared/dictionary-types';
import { id, timestamps } from './columns';
import { employees } from './people';
import { dictionaryItems } from './system';

/**
 * The one department tree of the group: group -> region -> store -> department -> team.
 * `path` holds the ids from the root ('/1/4/17/'), so a subtree is one indexed prefix match;
 * data scope and statistics rely on it, and a move rewrites the paths of the moved subtree.
 */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    parentId: integer().references((): AnyPgColumn => departments.id),
    name: text().notNull(),
    kind: text({ enum: DepartmentKind }).notNull(),
    code: text(),
    path: text().notNull(),
    depth: integer().notNull(),
    leaderEmployeeId: integer().references((): AnyPgColumn => employees.id),
    sort: integer().notNull().default(0),
    status: text({ enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    ...timestamps,
  },
  (t) => [
    index('departments_parent_idx').on(t.parentId),
    index('departments_path_idx').using('btree', t.path.op('text_pattern_ops')),
    uniqueIndex('departments_code_key').on(t.code),
  ],
);

/** A store is the business face of a `store` node of the tree. */
export const stores = pgTable(
  'stores',
  {
    id: id(),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    code: text().notNull(),
    name: text().notNull(),
    /** The district (region node) the store belongs to. */
    regionDepartmentId: integer()
      .notNull()
      .references(() => departments.id),
    brandId: integer().references(() => dictionaryItems.id),
    storeTypeId: integer()
      .notNull()
      .references(() => dictionaryItems.id),
    categoryId: integer().references(() => dictionaryItems.id),
    city: text().notNull().default(''),
    address: text().notNull().default(''),
    latitude: numeric({ precision: 9, scale: 6 }),
    longitude: numeric({ precision: 9, scale: 6 }),
    openedOn: date(),
    status: text({ enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    statusReason: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('stores_code_key').on(t.code),
    uniqueIndex('stores_department_key').on(t.departmentId),
    index('stores_region_idx').on(t.regionDepartmentId),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: id(),
    code: text().notNull(),
    name: text().notNull(),
    postTypeId: integer().references(() => dictionaryItems.id),
    categoryId: integer().references(() => dictionaryItems.id),
    isMain: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    status: text({ enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    description: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('posts_code_key').on(t.code)],
);

/** Planned headcount per store and post: the base of vacancy statistics. */
export const headcountPlans = pgTable(
  'headcount_plans',
  {
    storeId: integer()
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    postId: integer()
      .notNull()
      .references(() => posts.id),
    planned: integer().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.storeId, t.postId] })],
);
