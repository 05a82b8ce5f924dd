// The session routes' request and answer schemas (`/api/login`, `/api/refresh`, `/api/logout`,
// `/api/auth/me`). The server validates and documents with them; the web only imports their types
// (`import type`), so zod stays out of the login page's bundle.
import type { UserInfo, UserPost } from '../api-types';
import { fieldLabels } from '../rules';
import { zRequiredString } from '../validation';
import { z } from 'zod';
import { LOGIN_PASSWORD_MAX, LOGIN_USERNAME_MAX } from './rules';

/** What signing in (any way) and refreshing answer. */
export const tokenAnswer = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TokenAnswer = z.infer<typeof tokenAnswer>;

export const loginBody = z.object({
  username: zRequiredString(fieldLabels.username, { max: LOGIN_USERNAME_MAX }),
  password: zRequiredString(fieldLabels.password, { max: LOGIN_PASSWORD_MAX }),
});
export type LoginInput = z.input<typeof loginBody>;
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

/** `url`: a single sign-on logout page the browser should go to. */
export const logoutAnswer = z.object({ url: z.string().optional() }).nullable();
export type LogoutAnswer = z.infer<typeof logoutAnswer>;
