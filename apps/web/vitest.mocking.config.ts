import { configDefaults, defineConfig } from 'vitest/config';
import web, { mockingTests } from './vitest.config.ts';

/** The web tests that replace a module (`vi.mock`), each file isolated from the others (see vitest.config.ts). */
export default defineConfig({
  ...web,
  test: {
    ...web.test,
    name: 'web-mocking',
    include: mockingTests,
    exclude: [...configDefaults.exclude],
    isolate: true,
  },
});
