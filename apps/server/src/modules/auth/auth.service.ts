import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { assignments, departments, employees, posts, stores, users } from '../../db/schema';
import { notFound, validationFailed } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';
import type { Access } from '../../core/access';
import type { UserInfo } from '@dealer-hr/shared';
import type { LoginBody } from '@dealer-hr/shared/auth/contract';
import { openSession, type ClientInfo, type SessionOptions, type TokenAnswer } from '../../core/sessions';

const WRONG_CREDENTIALS = '用户名或密码错误';

/**
 * Username login. Unknown users cost the same password check as known ones (no timing oracle), and
 * both get the same answer.
 */
export async function login(
  db: Database,
  tokens: TokenService,
  input: LoginBody,
  client: ClientInfo,
  options: SessionOptions,
): Promise<TokenAnswer> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${input.username})`, isNull(users.deletedAt)))
    .limit(1);
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) throw validationFailed([{ field: 'password', message: WRONG_CREDENTIALS }]);
  return openSession(db, tokens, user, 'password', client, options);
}

/** The header's user: name, face and posts (main post first), with the roles and permissions of `access`. */
export async function userInfo(db: Database, userId: number, access: Access): Promise<UserInfo> {
  const [row] = await db
    .select({ user: users, employee: employees })
    .from(users)
    .leftJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('用户不存在');
  const { user, employee } = row;
  const held = employee
    ? await db
        .select({
          id: posts.id,
          title: posts.name,
          isMain: assignments.isMain,
          department: departments.name,
          store: stores.name,
        })
        .from(assignments)
        .innerJoin(posts, eq(posts.id, assignments.postId))
        .innerJoin(departments, eq(departments.id, assignments.departmentId))
        .leftJoin(stores, eq(stores.id, assignments.storeId))
        .where(and(eq(assignments.employeeId, employee.id), isNull(assignments.endDate)))
        .orderBy(desc(assignments.isMain), asc(assignments.startDate))
    : [];
  const face = employee?.faceUrl ?? null;
  return {
    id: user.id,
    username: user.username,
    name: employee?.name ?? user.name,
    face,
    avatar: face,
    introduction: '',
    employeeId: employee?.id ?? null,
    isSale: user.isSale,
    roles: access.roleKeys,
    permissions: access.isSuper ? ['*'] : [...access.permissions].sort(),
    post: held,
  };
}
