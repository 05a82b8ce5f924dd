import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, employees, users } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { callerOf } from '../../test/api';
import { createTestApp, type TestApp } from '../../test/app';
import { userWith } from '../../test/users';
import { startOfDay } from '../../lib/day-range';

let t: TestApp;
let admin: string;
let viewer: string;
let nobody: string;
let adminId: number;
let hr: { id: number; username: string; name: string };

/** Rows of an entity no module writes, so the filters below see only these. */
const ENTITY = 'test_widget';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  viewer = await userWith(t, ['system:audit:view']);
  nobody = await userWith(t, ['system:dictionaries:view']);
  const [adminRow] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  adminId = adminRow!.id;
  const [hrRow] = await t.db
    .select({ id: users.id, username: users.username, name: employees.name })
    .from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(users.username, 'hr'));
  hr = hrRow!;

  const at = (iso: string) => new Date(iso);
  await t.db.insert(auditLogs).values([
    // 2026-03-01 09:00 in Shanghai
    {
      userId: adminId,
      action: 'create',
      entity: ENTITY,
      entityId: '1',
      after: { name: '甲', sort: 1 },
      ip: '10.0.0.1',
      requestId: 'req-1',
      createdAt: at('2026-03-01T01:00:00Z'),
    },
    // 2026-03-02 00:30 in Shanghai, still 2026-03-01 in UTC
    {
      userId: hr.id,
      action: 'update',
      entity: ENTITY,
      entityId: '1',
      before: { name: '甲', tags: ['a'] },
      after: { name: '乙', tags: ['a', 'b'] },
      ip: '10.0.0.2',
      requestId: 'req-2',
      createdAt: at('2026-03-01T16:30:00Z'),
    },
    // 2026-03-03 23:59 in Shanghai
    {
      userId: hr.id,
      action: 'freeze',
      entity: ENTITY,
      entityId: '2',
      before: { status: 'active' },
      after: { status: 'frozen', reason: '违规' },
      ip: '10.0.0.2',
      createdAt: at('2026-03-03T15:59:00Z'),
    },
    // Made by the system itself; 2026-03-04 08:00 in Shanghai
    {
      userId: null,
      action: 'delete',
      entity: ENTITY,
      entityId: '2',
      before: { name: '丙' },
      createdAt: at('2026-03-04T00:00:00Z'),
    },
  ]);
});
afterAll(() => t.close());

const call = callerOf(() => ({ app: t, authorization: admin }));

async function get(url: string, authorization = admin) {
  const { status, ...body } = await call('GET', url, undefined, authorization);
  return { status, body };
}

/** Ids of the test rows the list answers for `query`, in the answer's order. */
async function listed(query: string) {
  const { status, body } = await get(`audit/index?entity=${ENTITY}&${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return (body.data.data as { entity_id: string; action: string }[]).map((row) => row.action);
}

describe('GET /api/auth/audit/index', () => {
  it('lists newest first with the user, the record and the names of the recorded fields', async () => {
    const { status, body } = await get(`audit/index?entity=${ENTITY}`, viewer);

    expect(status).toBe(200);
    expect(body.data.total).toBe(4);
    const [deleted, frozen, updated, created] = body.data.data;
    expect(created).toEqual({
      id: expect.any(Number),
      user: { id: adminId, username: 'admin', name: '系统管理员' },
      action: 'create',
      entity: ENTITY,
      entity_id: '1',
      ip: '10.0.0.1',
      created_at: '2026-03-01T01:00:00.000Z',
      changed_fields: ['name', 'sort'],
    });
    // The person's name wins over the account's display name.
    expect(updated.user).toEqual({ id: hr.id, username: 'hr', name: hr.name });
    expect(updated.changed_fields).toEqual(['name', 'tags']);
    expect(frozen.changed_fields).toEqual(['reason', 'status']);
    expect(deleted).toMatchObject({ user: null, ip: null, changed_fields: ['name'] });
  });

  it('records who changed what through the routes (a dictionary type here)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/dictionaries/store',
      headers: { authorization: admin },
      payload: { code: 'audit_probe', name: '审计探针' },
    });
    const typeId = String(created.json().data.id);

    const { body } = await get(`audit/index?entity=dictionary_type&entity_id=${typeId}`);

    expect(body.data.data).toEqual([
      expect.objectContaining({
        user: { id: adminId, username: 'admin', name: '系统管理员' },
        action: 'create',
        entity: 'dictionary_type',
        entity_id: typeId,
        ip: '127.0.0.1',
        changed_fields: ['code', 'description', 'id', 'name'],
      }),
    ]);
  });

  it('filters by user id, part of the username or name, action and record id', async () => {
    expect(await listed(`user_id=${adminId}`)).toEqual(['create']);
    expect(await listed('username=H')).toEqual(['freeze', 'update']);
    expect(await listed(`username=${encodeURIComponent(hr.name.slice(1))}`)).toEqual(['freeze', 'update']);
    expect(await listed('username=%25')).toEqual([]);
    expect(await listed('action=update')).toEqual(['update']);
    expect(await listed('entity_id=2')).toEqual(['delete', 'freeze']);
    expect(await listed('entity_id=2&username=hr')).toEqual(['freeze']);
  });

  it('reads from and to as whole calendar days, both inclusive, in the given time zone', async () => {
    // Shanghai (the default): the update happened on 2026-03-02.
    expect(await listed('from=2026-03-02&to=2026-03-02')).toEqual(['update']);
    expect(await listed('from=2026-03-01&to=2026-03-01')).toEqual(['create']);
    expect(await listed('to=2026-03-03')).toEqual(['freeze', 'update', 'create']);
    expect(await listed('from=2026-03-04')).toEqual(['delete']);
    // In UTC it happened on 2026-03-01.
    expect(await listed('from=2026-03-01&to=2026-03-01&tz=UTC')).toEqual(['update', 'create']);
    expect(await listed('from=2026-03-02&to=2026-03-02&tz=UTC')).toEqual([]);
  });

  it('pages', async () => {
    const { body } = await get(`audit/index?entity=${ENTITY}&page=2&limit=3`);
    expect(body.data.total).toBe(4);
    expect(body.data.data.map((row: { action: string }) => row.action)).toEqual(['create']);
  });

  it.each([
    ['from=2026-03-05&to=2026-03-01', 'to', '开始日期不能晚于结束日期'],
    ['from=2026-02-30', 'from', '开始日期格式不正确，应为 YYYY-MM-DD'],
    ['to=2026/03/01', 'to', '结束日期格式不正确，应为 YYYY-MM-DD'],
    ['tz=Mars/Olympus', 'tz', '时区不正确'],
    ['user_id=abc', 'user_id', '用户格式不正确'],
    ['limit=500', 'limit', '每页条数必须是 1 到 100 之间的整数'],
  ])('refuses %s with 422 on the field', async (query, field, message) => {
    const { status, body } = await get(`audit/index?${query}`);
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, message, data: { errors: [{ field, message }] } });
  });

  it('refuses a user without system:audit:view (1403)', async () => {
    const { status, body } = await get('audit/index', nobody);
    expect(status).toBe(403);
    expect(body.code).toBe(1403);
  });
});

describe('GET /api/auth/audit/detail', () => {
  it('answers the row with the values before and after', async () => {
    const [row] = await t.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(sql`${auditLogs.entity} = ${ENTITY} and ${auditLogs.action} = 'update'`);

    const { status, body } = await get(`audit/detail?id=${row!.id}`, viewer);

    expect(status).toBe(200);
    expect(body.data).toEqual({
      id: row!.id,
      user: { id: hr.id, username: 'hr', name: hr.name },
      action: 'update',
      entity: ENTITY,
      entity_id: '1',
      ip: '10.0.0.2',
      created_at: '2026-03-01T16:30:00.000Z',
      changed_fields: ['name', 'tags'],
      before: { name: '甲', tags: ['a'] },
      after: { name: '乙', tags: ['a', 'b'] },
      request_id: 'req-2',
    });
  });

  it('answers 404 for an unknown id, 422 without one, 1403 without the permission', async () => {
    const missing = await get('audit/detail?id=99999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, message: '日志不存在', data: null });
    const invalid = await get('audit/detail');
    expect(invalid.status).toBe(422);
    expect(invalid.body.data.errors).toEqual([{ field: 'id', message: '请选择日志' }]);
    expect((await get('audit/detail?id=1', nobody)).body.code).toBe(1403);
  });
});

describe('GET /api/auth/audit/filters', () => {
  it('lists the entities and actions the log holds', async () => {
    const { status, body } = await get('audit/filters', viewer);
    expect(status).toBe(200);
    expect(body.data.entities).toEqual(expect.arrayContaining([ENTITY]));
    expect(body.data.actions).toEqual(expect.arrayContaining(['create', 'delete', 'freeze', 'update']));
    expect(body.data.actions).toEqual([...body.data.actions].sort());
    expect((await get('audit/filters', nobody)).body.code).toBe(1403);
  });
});

describe('writeAudit (lib/audit.ts)', () => {
  const actor = { userId: null, ip: '10.9.9.9', requestId: 'probe' };
  const rowsOf = (entityId: string) =>
    t.db
      .select({ before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(sql`${auditLogs.entity} = 'user' and ${auditLogs.entityId} = ${entityId}`);

  it('never stores a password hash, a token or a secret, whatever the field is called', async () => {
    await t.db.transaction((tx) =>
      writeAudit(tx, actor, {
        entity: 'user',
        entityId: 'secret',
        action: 'create',
        after: {
          username: 'probe',
          passwordHash: '$argon2id$v=19$...',
          password: 'plain',
          accessToken: 'eyJ...',
          refresh_token: 'r',
          tokenId: 'uuid',
          jwtSecret: 's',
        },
      }),
    );
    const [row] = await rowsOf('secret');
    expect(row).toEqual({ before: null, after: { username: 'probe' } });
    const text = JSON.stringify(await t.db.select().from(auditLogs));
    expect(text).not.toMatch(/argon2id|eyJ/);
  });

  it('keeps only the changed fields of an update, and the row goes with a rolled-back change', async () => {
    await t.db.transaction((tx) =>
      writeAudit(tx, actor, {
        entity: 'user',
        entityId: 'update',
        action: 'update',
        before: { name: 'a', sort: 1, passwordHash: 'x' },
        after: { name: 'b', sort: 1, passwordHash: 'y' },
      }),
    );
    expect(await rowsOf('update')).toEqual([{ before: { name: 'a' }, after: { name: 'b' } }]);

    await expect(
      t.db.transaction(async (tx) => {
        await writeAudit(tx, actor, {
          entity: 'user',
          entityId: 'rolled-back',
          action: 'create',
          after: {},
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsOf('rolled-back')).toEqual([]);
  });
});

describe('startOfDay', () => {
  it('finds midnight of a calendar day in a time zone, across a clock change', () => {
    expect(startOfDay('2026-03-02', 'Asia/Shanghai').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(startOfDay('2026-03-02', 'UTC', 1).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(startOfDay('2026-12-31', 'Asia/Shanghai', 1).toISOString()).toBe('2026-12-31T16:00:00.000Z');
    // New York moves to daylight time on 2026-03-08: that day starts at UTC-5, the next at UTC-4.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});
