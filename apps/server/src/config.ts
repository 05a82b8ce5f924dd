import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The demo password of the seeded `admin` when ADMIN_PASSWORD is not set (README "Quick start"). */
export const DEMO_ADMIN_PASSWORD = 'Admin@2026';

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED_DEMO: flag.default(true),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  ACCESS_TTL: z.coerce.number().int().positive().default(900),
  REFRESH_TTL: z.coerce.number().int().positive().default(1_209_600),
  JWT_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
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
