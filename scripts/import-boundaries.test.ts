import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundary rule silently matches nothing when imports do not resolve, so prove it fires.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(filePath: string, code: string, rule = 'project/layer-boundaries') {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule);
}

const serverErrors = (filePath: string, code: string) =>
  boundaryErrors(filePath, code, 'project/server-boundaries');

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

describe('server boundaries', () => {
  it("refuses a module importing another module's internals", async () => {
    const errors = await serverErrors(
      'apps/server/src/modules/staff/probe.ts',
      "import { createApprovalEngine } from '../approvals/engine';\nexport const probe = createApprovalEngine;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('only through its face');
  });

  it('refuses db/, lib/, core/ and plugins/ importing a module, even through its face', async () => {
    for (const part of ['db', 'lib', 'core', 'plugins']) {
      const errors = await serverErrors(
        `apps/server/src/${part}/probe.ts`,
        "import { staffRoutes } from '../modules/staff';\nexport const probe = staffRoutes;\n",
      );
      expect(errors, part).toHaveLength(1);
      expect(errors[0]?.message).toContain(`${part}/ imports no module`);
    }
  });

  it('refuses an import that closes a cycle between files', async () => {
    // core/sessions imports lib/errors, so lib/errors may not import core/sessions.
    const errors = await serverErrors(
      'apps/server/src/lib/errors.ts',
      "import { openSession } from '../core/sessions';\nexport const probe = openSession;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('closes an import cycle');
  });

  it('refuses an import that closes a cycle between modules', async () => {
    // The approval engine notifies through messages, so messages may not use approvals.
    const errors = await serverErrors(
      'apps/server/src/modules/messages/probe.ts',
      "import { wasSentTask } from '../approvals';\nexport const probe = wasSentTask;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toContain('module:messages -> module:approvals');
  });

  it('allows a face, the kernels, and internals in tests', async () => {
    expect(
      await serverErrors(
        'apps/server/src/modules/onboarding/probe.ts',
        "import { wasSentTask } from '../approvals';\nimport { inScope } from '../../core/scope';\nexport const probe = [wasSentTask, inScope];\n",
      ),
    ).toEqual([]);
    expect(
      await serverErrors(
        'apps/server/src/modules/staff/probe.test.ts',
        "import { createApprovalEngine } from '../approvals/engine';\nexport const probe = createApprovalEngine;\n",
      ),
    ).toEqual([]);
  });
});
