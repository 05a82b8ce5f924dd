import { AdjustableClock, todayOf } from '../../core/clock';
import { DictType, isValidMainlandId, maskIdNumber } from '@dealer-hr/shared';
import { count, eq, isNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/app';
import { openPglite } from '../client';
import { dataSteps } from '../data-steps';
import { uploadStorageOf } from '../../app';
import { createProductEngine } from '../../approval-businesses';
import { demoActivity } from '../../demo-activity';
import {
  assignments,
  auditLogs,
  departments,
  dictionaryItems,
  dictionaryTypes,
  employees,
  menus,
  onboardingEntries,
  posts,
  roles,
  stores,
  users,
} from '../schema';
import { seedDatabase } from '.';

/** The demo story's clock (demo-activity.ts): each step stands on its own day. */
const storyClock = new AdjustableClock();

const silent = { info: () => {} };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const total = async (table: PgTable) => (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('demo data', () => {
  it('is a dealer group of 4 regions and 24 stores with departments', async () => {
    const kinds = await t.db
      .select({ kind: departments.kind, n: count() })
      .from(departments)
      .groupBy(departments.kind);
    const byKind = Object.fromEntries(kinds.map((row) => [row.kind, row.n]));
    expect(byKind.group).toBe(1);
    expect(byKind.region).toBe(4);
    expect(byKind.store).toBe(24);
    expect(byKind.department).toBeGreaterThanOrEqual(24 * 6);
    expect(await total(stores)).toBe(24);
  });

  it('keeps every department path consistent with its parent', async () => {
    const rows = await t.db.select().from(departments);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of rows) {
      const parent = row.parentId == null ? undefined : byId.get(row.parentId);
      expect(row.path).toBe(`${parent?.path ?? '/'}${row.id}/`);
      expect(row.depth).toBe((parent?.depth ?? -1) + 1);
    }
  });

  it('has about 600 people with valid names, phones and checksum-valid ID numbers', async () => {
    const people = await t.db.select().from(employees);
    expect(people.length).toBeGreaterThanOrEqual(550);
    expect(people.length).toBeLessThanOrEqual(700);
    for (const person of people) {
      expect(person.name).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      expect(person.phone).toMatch(/^1[3-9]\d{9}$/);
      const idNumber = t.sealer.open(person.idNumberSealed);
      expect(isValidMainlandId(idNumber), idNumber).toBe(true);
      expect(idNumber.slice(6, 14)).toBe(person.birthDate!.replaceAll('-', ''));
      expect(person.idNumberIndex).toBe(t.sealer.blindIndex(idNumber));
      expect(person.idNumberMasked).toBe(maskIdNumber(idNumber));
    }
    expect(new Set(people.map((person) => person.phone)).size).toBe(people.length);
    expect(people[0]!.idNumberMasked).toMatch(/^\d{3}\*{12}[\dX]{3}$/);
  });

  it('gives every active person exactly one open main post, and some a part-time post', async () => {
    const [openMain] = await t.db
      .select({ n: count() })
      .from(assignments)
      .innerJoin(employees, eq(employees.id, assignments.employeeId))
      .where(
        sql`${assignments.isMain} and ${assignments.endDate} is null and ${employees.status} <> 'resigned'`,
      );
    const [active] = await t.db
      .select({ n: count() })
      .from(employees)
      .where(sql`${employees.status} <> 'resigned'`);
    expect(openMain!.n).toBe(active!.n);
    const [partTime] = await t.db
      .select({ n: count() })
      .from(assignments)
      .where(sql`not ${assignments.isMain} and ${assignments.endDate} is null`);
    expect(partTime!.n).toBeGreaterThan(0);
    const [leavers] = await t.db
      .select({ n: count() })
      .from(employees)
      .where(eq(employees.status, 'resigned'));
    expect(leavers!.n).toBeGreaterThan(0);
  });

  it('never ends an assignment before it starts, nor after its holder left', async () => {
    const rows = await t.db
      .select({ start: assignments.startDate, end: assignments.endDate, leftOn: employees.leftOn })
      .from(assignments)
      .innerJoin(employees, eq(employees.id, assignments.employeeId));
    for (const row of rows) {
      if (row.end !== null) expect(row.end >= row.start, `${row.start}..${row.end}`).toBe(true);
      if (row.leftOn !== null) {
        expect(row.end, 'a leaver keeps no open post').toBe(row.leftOn);
        expect(row.start <= row.leftOn, `${row.start} after leaving on ${row.leftOn}`).toBe(true);
      }
    }
  });

  it('staffs each head-office department with posts that fit it', async () => {
    const rows = await t.db
      .select({ department: departments.code, post: posts.code })
      .from(assignments)
      .innerJoin(departments, eq(departments.id, assignments.departmentId))
      .innerJoin(posts, eq(posts.id, assignments.postId))
      .where(sql`${departments.code} like 'HQ-%'`);
    const postsOf = (department: string) =>
      new Set(rows.filter((row) => row.department === department).map((row) => row.post));
    expect(postsOf('HQ-hr_center')).toEqual(new Set(['hr_director', 'hr_manager', 'hr_specialist']));
    expect(postsOf('HQ-finance_center')).toEqual(new Set(['accountant']));
    expect(postsOf('HQ-operations_center')).toEqual(new Set(['admin_specialist']));
    expect(postsOf('HQ-it')).toEqual(new Set(['it_engineer']));
  });

  it('fills every dictionary type of docs/domain.md "Dictionaries", with all 56 ethnicities', async () => {
    const types = await t.db.select({ id: dictionaryTypes.id }).from(dictionaryTypes);
    expect(types.map((type) => type.id).sort((a, b) => a - b)).toEqual([
      1, 18, 19, 20, 21, 22, 23, 24, 25, 27, 42, 50, 51, 52, 53, 54,
    ]);
    const [ethnicities] = await t.db
      .select({ n: count() })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.typeId, DictType.ETHNICITY));
    expect(ethnicities!.n).toBe(56);
  });

  it('has the four roles and demo accounts linked to employees', async () => {
    expect((await t.db.select({ key: roles.key }).from(roles)).map((role) => role.key).sort()).toEqual([
      'hr-admin',
      'staff',
      'store-manager',
      'super-admin',
    ]);
    // Besides them, the accounts of the people the demo's activity hired (demo-activity.ts).
    const hired = await t.db
      .select({ employeeId: onboardingEntries.employeeId })
      .from(onboardingEntries)
      .where(eq(onboardingEntries.status, 'approved'));
    const accounts = (await t.db.select().from(users)).filter(
      (account) => !hired.some((entry) => entry.employeeId === account.employeeId),
    );
    expect(hired.length).toBeGreaterThan(0);
    expect(accounts.map((account) => account.username).sort()).toEqual([
      'admin',
      'hr',
      'manager',
      'sales',
      'staff',
    ]);
    expect(accounts.find((account) => account.username === 'admin')?.employeeId).toBeNull();
    expect(accounts.filter((account) => account.employeeId !== null)).toHaveLength(4);
    expect(accounts.find((account) => account.username === 'sales')?.isSale).toBe(true);
  });

  it('is idempotent: seeding again adds nothing, nor performs the demo activity again', async () => {
    const counted = [users, employees, menus, dictionaryItems, onboardingEntries, auditLogs] as const;
    const before = await Promise.all(counted.map(total));
    expect(before.slice(-2).every((n) => n > 0)).toBe(true);
    await seedDatabase(
      t.db,
      {
        demo: true,
        adminPassword: 'another-password',
        sealer: t.sealer,
        demoActivity: demoActivity({
          sealer: t.sealer,
          approvals: createProductEngine({
            sealer: t.sealer,
            today: todayOf(storyClock, t.config.TIME_ZONE),
            timeZone: t.config.TIME_ZONE,
          }),
          files: uploadStorageOf(t.config),
          clock: storyClock,
          timeZone: t.config.TIME_ZONE,
        }),
      },
      silent,
    );
    expect(await Promise.all(counted.map(total))).toEqual(before);
  });

  it('restores a menu item that is missing, under its parent', async () => {
    const [page] = await t.db.select().from(menus).where(eq(menus.name, 'systemAudit'));
    await t.db.delete(menus).where(eq(menus.parentId, page!.id));
    await t.db.delete(menus).where(eq(menus.id, page!.id));
    await seedDatabase(t.db, { demo: true, adminPassword: 'another-password', sealer: t.sealer }, silent);
    const [restored] = await t.db.select().from(menus).where(eq(menus.name, 'systemAudit'));
    expect(restored).toMatchObject({ path: '/system/audit', parentId: page!.parentId });
    const buttons = await t.db.select().from(menus).where(eq(menus.parentId, restored!.id));
    expect(buttons.length).toBeGreaterThan(0);
  });
});

describe('without demo data (SEED_DEMO=0)', () => {
  it('seeds only what every installation needs', async () => {
    const database = openPglite({});
    try {
      await database.migrate(loadConfig({}).MIGRATIONS_DIR, dataSteps(undefined));
      await seedDatabase(database.db, { demo: false, adminPassword: 'Admin@2026', sealer: t.sealer }, silent);
      const [people] = await database.db.select({ n: count() }).from(employees);
      const [tree] = await database.db.select({ n: count() }).from(departments);
      const accounts = await database.db.select().from(users).where(isNull(users.deletedAt));
      const [menuCount] = await database.db.select({ n: count() }).from(menus);
      expect(people!.n).toBe(0);
      expect(tree!.n).toBe(0);
      expect(accounts.map((account) => account.username)).toEqual(['admin']);
      expect(menuCount!.n).toBeGreaterThan(100);
    } finally {
      await database.close();
    }
  });
});
