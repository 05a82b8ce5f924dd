import { existsSync } from 'node:fs';
import { freePort, startServer } from '../../scripts/built-server';
import { startCasStandIn, startWecomStandIn } from '../../scripts/sso-stand-ins';
import { chromiumPath } from '../../scripts/chromium';
import { E2E_JWT_SECRET } from './tokens';

/** Where a sales-only user is sent; tests answer it with `page.route`, it is never fetched for real. */
export const SALES_LINK_URL = 'https://sales.example.test/home';
export const WECOM_CORP_ID = 'e2e-corp';

export default async function globalSetup() {
  const chromium = chromiumPath();
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium not found at ${chromium}: install it with "apt-get install -y chromium fonts-noto-cjk" or set CHROMIUM_PATH.`,
    );
  }
  // The server's own address goes into the providers' return URLs, so it is fixed before it starts.
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const wecom = await startWecomStandIn({
    corpId: WECOM_CORP_ID,
    agentId: '1000002',
    secret: 'e2e-wecom-secret',
    users: ['hr', 'sales'],
  });
  const cas = await startCasStandIn({ users: ['manager'] });
  const server = await startServer({
    port,
    env: {
      JWT_SECRET: E2E_JWT_SECRET,
      // A refresh comes back within milliseconds; a second is plenty and keeps the close test short.
      PAGE_CLOSE_GRACE: '1',
      SALES_LINK_URL,
      WECOM_CORP_ID,
      WECOM_AGENT_ID: '1000002',
      WECOM_SECRET: 'e2e-wecom-secret',
      WECOM_API_BASE: wecom.url,
      WECOM_QR_URL: `${wecom.url}/wwopen/sso/qrConnect`,
      SSO_REDIRECT_URI: `${appUrl}/transit`,
      CAS_BASE_URL: cas.url,
      CAS_SERVICE_URL: `${appUrl}/casLogin`,
      // Effective dates arrive when a test moves the business clock (PUT /api/test/clock).
      TEST_CLOCK: '1',
      // A handed-over customer is taken over two seconds later, not a minute: the handover test watches it.
      HANDOVER_LOCAL_DELAY: '2',
    },
  });
  process.env.E2E_BASE_URL = server.url;
  return async () => {
    await server.stop();
    await Promise.all([wecom.close(), cas.close()]);
  };
}
