import { zRequiredString, type UserInfo, type UserPost } from '@dealer-hr/shared';
import { z } from 'zod';

export const loginBody = z.object({
  username: zRequiredString('用户名', { max: 64 }),
  password: zRequiredString('密码', { max: 128 }),
});
export type LoginBody = z.infer<typeof loginBody>;

export const postEntry = z.object({
  id: z.number().int(),
  title: z.string(),
  isMain: z.boolean(),
  department: z.string(),
  store: z.string().nullable(),
}) satisfies z.ZodType<UserPost>;

export const userInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  face: z.string().nullable(),
  avatar: z.string().nullable(),
  introduction: z.string(),
  employeeId: z.number().int().nullable(),
  isSale: z.boolean(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  post: z.array(postEntry),
}) satisfies z.ZodType<UserInfo>;

export const logoutBody = z.object({ reason: z.enum(['page-close']).optional() }).nullish();

export const logoutAnswer = z.object({ url: z.string().optional() }).nullable();
