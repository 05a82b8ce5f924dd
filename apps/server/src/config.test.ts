import { describe, expect, it } from 'vitest';
import { DEMO_ADMIN_PASSWORD, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      SEED_DEMO: true,
      ACCESS_TTL: 900,
      REFRESH_TTL: 1_209_600,
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD,
      adminPasswordIsDefault: true,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.MIGRATIONS_DIR).toMatch(/db[/\\]migrations$/);
  });

  it('reads and converts the environment', () => {
    const config = loadConfig({
      PORT: '9090',
      SEED_DEMO: '0',
      ADMIN_PASSWORD: 'a-long-secret',
      DATABASE_URL: 'postgres://u@localhost:5432/hr',
      ACCESS_TTL: '60',
    });
    expect(config).toMatchObject({
      PORT: 9090,
      SEED_DEMO: false,
      ADMIN_PASSWORD: 'a-long-secret',
      adminPasswordIsDefault: false,
      DATABASE_URL: 'postgres://u@localhost:5432/hr',
      ACCESS_TTL: 60,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', ADMIN_PASSWORD: '' })).toMatchObject({
      PORT: 8080,
      adminPasswordIsDefault: true,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
  ])('refuses %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
