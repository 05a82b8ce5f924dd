import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The demo password of the seeded `admin` when ADMIN_PASSWORD is not set (README "Quick start"). */
export const DEMO_ADMIN_PASSWORD = 'Admin@2026';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

/** Single sign-on providers (docs/api.md "Single sign-on"); each mode is on when its group is complete. */
const ssoSettings = {
  WECOM_CORP_ID: z.string().min(1).optional(),
  WECOM_AGENT_ID: z.string().min(1).optional(),
  WECOM_SECRET: z.string().min(1).optional(),
  WECOM_API_BASE: z.string().url().default('https://qyapi.weixin.qq.com'),
  WECOM_QR_URL: z.string().url().default('https://open.work.weixin.qq.com/wwopen/sso/qrConnect'),
  OAUTH_CLIENT_ID: z.string().min(1).optional(),
  OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  OAUTH_AUTHORIZE_URL: z.string().url().optional(),
  OAUTH_TOKEN_URL: z.string().url().optional(),
  OAUTH_USERINFO_URL: z.string().url().optional(),
  OAUTH_USER_CLAIM: z.string().min(1).default('userid'),
  /** The web app's /transit page: where WeCom and the OAuth provider send the browser back. */
  SSO_REDIRECT_URI: z.string().url().optional(),
  CAS_BASE_URL: z.string().url().optional(),
  /** The web app's /casLogin page: the service CAS tickets are issued for and validated against. */
  CAS_SERVICE_URL: z.string().url().optional(),
};

/**
 * Single sign-on settings come in groups: a group that is partly filled in is a typo or a forgotten
 * variable, so the server refuses to start rather than silently leaving that login mode off.
 */
const ssoGroups: { name: string; keys: readonly (keyof typeof ssoSettings)[] }[] = [
  { name: 'WeCom', keys: ['WECOM_CORP_ID', 'WECOM_AGENT_ID', 'WECOM_SECRET'] },
  {
    name: 'OAuth',
    keys: [
      'OAUTH_CLIENT_ID',
      'OAUTH_CLIENT_SECRET',
      'OAUTH_AUTHORIZE_URL',
      'OAUTH_TOKEN_URL',
      'OAUTH_USERINFO_URL',
    ],
  },
];

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.string().url().optional(),
    /** Connections one instance (one worker) keeps to PostgreSQL at most. */
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** A statement running longer is cancelled (PostgreSQL's statement_timeout); 0 for none. */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
    /** Shared short-lived state (the login throttle) goes to Redis instead of the database when set. */
    REDIS_URL: z.string().url().optional(),
    /** Worker processes on this machine (node:cluster), one port between them; more than 1 needs DATABASE_URL. */
    CLUSTER_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
    /** How long a stopping instance waits for requests in flight before it exits anyway. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    SEED_DEMO: flag.default(true),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    ACCESS_TTL: z.coerce.number().int().positive().default(900),
    REFRESH_TTL: z.coerce.number().int().positive().default(1_209_600),
    /** Seconds a page-closed session waits for the page to come back (a refresh) before it ends. */
    PAGE_CLOSE_GRACE: z.coerce.number().int().min(0).default(10),
    /** Home page of the sales app, where a sales-only user is sent after signing in (code 10008). */
    SALES_LINK_URL: z.string().url().optional(),
    JWT_SECRET: z.string().min(32).optional(),
    /** Seals ID numbers at rest (employees, prohibited list, exclusion members); generated and stored when unset. */
    DATA_KEY: z.string().min(32).optional(),
    /** Days an export's file is kept for download. */
    EXPORT_KEEP_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    /** Background jobs one instance runs at once. */
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** The group's time zone: schedules (a nightly run at 02:00) are read in it. */
    TIME_ZONE: z
      .string()
      .refine(
        (zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC',
        'unknown time zone',
      )
      .default('Asia/Shanghai'),
    /**
     * A business clock the browser tests can move (`PUT /api/test/clock`): effective dates then arrive
     * without waiting. Never in production: the server refuses to start with it there.
     */
    TEST_CLOCK: flag.default(false),
    /**
     * Where a leaver's customers and group chats live (docs/api.md "Handover"): `local`, the product's own tables
     * (the demo's), or `wecom`, WeCom's customer-contact API (WECOM_CORP_ID, WECOM_CONTACT_SECRET, WECOM_API_BASE).
     */
    WORK_MESSAGING: z.enum(['local', 'wecom']).default('local'),
    /** The secret of WeCom's customer-contact app (客户联系), which the handover calls with. */
    WECOM_CONTACT_SECRET: z.string().min(1).optional(),
    /** Local platform: seconds before a handed-over customer is taken over (WeCom's is 24 hours). */
    HANDOVER_LOCAL_DELAY: z.coerce.number().int().min(0).max(86_400).default(60),
    NODE_ENV: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z
      .string()
      .min(1)
      .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
    ...ssoSettings,
  })
  .superRefine((config, context) => {
    if (config.CLUSTER_WORKERS > 1 && config.DATABASE_URL === undefined) {
      // The embedded database belongs to one process.
      context.addIssue({
        code: 'custom',
        path: ['CLUSTER_WORKERS'],
        message: 'more than 1 needs DATABASE_URL',
      });
    }
    if (config.TEST_CLOCK && config.NODE_ENV === 'production')
      context.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'not allowed in production' });
    for (const group of ssoGroups) {
      const missing = group.keys.filter((key) => config[key] === undefined);
      if (missing.length === 0 || missing.length === group.keys.length) continue;
      // The handover may speak to WeCom without WeCom login: the corp id alone is then not a half-set group.
      const handoverOnly = config.WORK_MESSAGING === 'wecom' && missing.length === group.keys.length - 1;
      if (group.name === 'WeCom' && handoverOnly && config.WECOM_CORP_ID !== undefined) continue;
      for (const key of missing)
        context.addIssue({ code: 'custom', path: [key], message: `required to enable ${group.name} login` });
    }
    if (config.WORK_MESSAGING === 'wecom')
      for (const key of ['WECOM_CORP_ID', 'WECOM_CONTACT_SECRET'] as const)
        if (config[key] === undefined)
          context.addIssue({ code: 'custom', path: [key], message: 'required by WORK_MESSAGING=wecom' });
    if (config.CAS_SERVICE_URL !== undefined && config.CAS_BASE_URL === undefined) {
      context.addIssue({ code: 'custom', path: ['CAS_BASE_URL'], message: 'required by CAS_SERVICE_URL' });
    }
    const redirected = ssoGroups.some((group) => group.keys.every((key) => config[key] !== undefined));
    if (redirected && config.SSO_REDIRECT_URI === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['SSO_REDIRECT_URI'],
        message: 'required when WeCom or OAuth login is enabled',
      });
    }
  });

export type Config = Omit<z.infer<typeof configSchema>, 'ADMIN_PASSWORD'> & {
  ADMIN_PASSWORD: string;
  /** True when the admin password is the documented demo default, so the start log can say so. */
  adminPasswordIsDefault: boolean;
  MIGRATIONS_DIR: string;
};

/** Reads and validates the environment once; the rest of the server receives the result. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return {
    ...parsed.data,
    ADMIN_PASSWORD: parsed.data.ADMIN_PASSWORD ?? DEMO_ADMIN_PASSWORD,
    adminPasswordIsDefault: parsed.data.ADMIN_PASSWORD === undefined,
    // Beside this module in the source tree, and copied beside the bundle by build.mjs.
    MIGRATIONS_DIR: fileURLToPath(new URL('./db/migrations', import.meta.url)),
  };
}
