import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * jsdom, plus one thing after its teardown. React 19.2's development build reads `window.event` at the start
 * of every scheduler task (react/react #37100) and runs those tasks on setImmediate, so a passive-effects flush
 * still queued when a file's jsdom is removed throws "window is not defined" although every test passed.
 * The setup file lets queued work run before the file ends; this covers what a late timer queues after that.
 * Only `event` is answered: a late task that touches anything else of the page still fails loudly.
 */
const jsdom = builtinEnvironments.jsdom;

export default {
  name: 'jsdom-settled',
  viteEnvironment: jsdom.viteEnvironment,
  async setup(global: Record<string, unknown>, options) {
    const environment = await jsdom.setup(global, options);
    return {
      async teardown(torndown: Record<string, unknown>) {
        await environment.teardown(torndown);
        if (!('window' in torndown)) torndown.window = Object.freeze({ event: undefined });
      },
    };
  },
} satisfies Environment;
