import { rm } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { newDataDir, startServer } from '../../scripts/built-server';

const password = 'Admin@2026';

test('stops cleanly on SIGTERM and keeps data and sessions across a restart', async () => {
  test.setTimeout(120_000);
  const dataDir = await newDataDir();
  try {
    const first = await startServer({ dataDir, env: { LOG_LEVEL: 'info' } });
    const login = await fetch(`${first.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    const token = (await login.json()).data.access_token as string;
    expect(first.output()).toContain(`sign in as admin / ${password}`);
    expect(first.output()).toContain('demo data seeded');

    const exited = new Promise<number | null>((resolve) =>
      first.process.once('exit', (code) => resolve(code)),
    );
    first.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(first.output()).toContain('stopped');

    const second = await startServer({ dataDir, env: { LOG_LEVEL: 'info' } });
    try {
      // Seeding is not repeated, and the session signed by the first run is still valid.
      expect(second.output()).not.toContain('demo data seeded');
      const me = await fetch(`${second.url}/api/auth/me`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.status).toBe(200);
      expect((await me.json()).data.username).toBe('admin');
    } finally {
      await second.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
