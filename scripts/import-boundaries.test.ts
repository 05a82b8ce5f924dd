import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundary rule silently matches nothing when imports do not resolve, so prove it fires.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'project/layer-boundaries');
}

describe('import boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/dashboard/probe.ts',
      "import { safeRedirect } from '../auth/safe-redirect';\nexport const probe = safeRedirect;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('Features do not import each other');
  });

  it('refuses lib importing a feature or the app', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/lib/probe.ts',
      "import { safeRedirect } from '../features/auth/safe-redirect';\nimport { router } from '../app/router';\nexport const probe = [safeRedirect, router];\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('allows a feature its own modules and the shared layers', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/auth/probe.ts',
      "import { safeRedirect } from './safe-redirect';\nimport { request } from '../../lib/api-client';\nexport const probe = [safeRedirect, request];\n",
    );
    expect(errors).toEqual([]);
  });
});
