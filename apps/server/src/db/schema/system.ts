import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';
import { employees } from './people';
import { posts } from './organisation';

/** Login accounts. An account usually belongs to an employee; the seeded admin does not. */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    /** Display name for accounts without an employee; the employee's name wins when linked. */
    name: text().notNull(),
    employeeId: integer().references(() => employees.id),
    isSale: boolean().notNull().default(false),
    status: text({ enum: ['active', 'frozen'] })
      .notNull()
      .default('active'),
    frozenReason: text(),
    frozenAt: timestamp({ withTimezone: true }),
    lastLoginAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_employee_key').on(t.employeeId),
  ],
);

/** A signed-in session. Tokens carry its id, so revoking the row ends every token of it at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    /** Id of the only access token of this session that may still be used or refreshed (rotation). */
    tokenId: uuid().notNull(),
    /** How the user signed in; logout of a single sign-on session also ends it at the provider. */
    loginMode: text({ enum: ['password', 'wecom', 'oauth', 'cas'] })
      .notNull()
      .default('password'),
    ip: text(),
    userAgent: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refreshExpiresAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * Set when the page was closed. The session ends unless it is used again within the grace period: a
     * page refresh that the browser's timing made look like a close comes straight back.
     */
    closingAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    key: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    isSuper: boolean().notNull().default(false),
    /**
     * Which records the role's holders see: `all` of the group, or `subtree` — the departments of their
     * posts and everything below (GET /api/auth/departments/my/tree). The widest role of a user wins.
     */
    dataScope: text({ enum: ['all', 'subtree'] })
      .notNull()
      .default('subtree'),
    status: text({ enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    sort: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_key_key').on(t.key)],
);

/** Menu tree: directories (1), pages (2), buttons carrying a permission (3) and hidden pages (4). */
export const menus = pgTable(
  'menus',
  {
    id: id(),
    parentId: integer().references((): AnyPgColumn => menus.id),
    /** Stable route name, also the i18n key `menu.<name>`. */
    name: text().notNull(),
    title: text().notNull(),
    path: text().notNull().default(''),
    typeId: smallint().notNull(),
    perm: text(),
    quickIcon: text(),
    affix: boolean().notNull().default(false),
    noCache: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('menus_name_key').on(t.name),
    uniqueIndex('menus_perm_key').on(t.perm),
    index('menus_parent_idx').on(t.parentId),
  ],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const postRoles = pgTable(
  'post_roles',
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.roleId] })],
);

export const dictionaryTypes = pgTable(
  'dictionary_types',
  {
    id: id(),
    code: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('dictionary_types_code_key').on(t.code)],
);

export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: id(),
    typeId: integer()
      .notNull()
      .references(() => dictionaryTypes.id),
    /** Stable machine value (e.g. employee status 'resigned'); `name` is what people read. */
    code: text().notNull(),
    /** The Chinese name, always there; the other languages' names fall back to it when empty. */
    name: text().notNull(),
    nameEn: text(),
    nameEs: text(),
    nameJa: text(),
    sort: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('dictionary_items_type_code_key').on(t.typeId, t.code)],
);

/** Server-owned settings that must survive restarts (e.g. the generated token signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One version per cached domain (`access`: roles, grants, menus, posts' roles, placements, the tree;
 * `dictionaries`). Deferred triggers on the domain's tables raise it in the committing transaction, so a
 * server instance that reads it with the session knows at once whether what it cached is still true; several
 * instances sharing one database see each other's changes the same way (docs/decisions.md "Per-request cost").
 */
export const cacheEpochs = pgTable('cache_epochs', {
  name: text().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
  /** The transaction that raised it last: a change of many rows raises it once. */
  xact: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * Failed sign-ins by key (`user:<name>` or `ip:<address>`), shared by every server instance on the database
 * (lib/login-throttle.ts). Times are epoch milliseconds, as the throttle computes them.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: text().primaryKey(),
    failures: integer().notNull().default(0),
    lastFailureAt: bigint({ mode: 'number' }).notNull().default(0),
    lockedUntil: bigint({ mode: 'number' }).notNull().default(0),
    locks: integer().notNull().default(0),
  },
  (t) => [index('login_throttle_last_failure_idx').on(t.lastFailureAt)],
);

/** Who changed what, when and from where; written in the same transaction as the change. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().references(() => users.id),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
    requestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_entity_idx').on(t.entity, t.entityId),
    index('audit_logs_user_idx').on(t.userId, t.createdAt),
    index('audit_logs_created_idx').on(t.createdAt),
  ],
);
