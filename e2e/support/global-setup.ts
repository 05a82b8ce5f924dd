import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium';
import { startServer } from '../../scripts/built-server';

export default async function globalSetup() {
  const chromium = chromiumPath();
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium not found at ${chromium}: install it with "apt-get install -y chromium fonts-noto-cjk" or set CHROMIUM_PATH.`,
    );
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return () => server.stop();
}
