import { builtinEnvironments, type Environment } from 'vitest/runtime';

/**
 * jsdom, plus one thing after its teardown. React 19.2's development build reads `window` (its `event`, its
 * element classes) in every scheduler task and commit, and runs those tasks on setImmediate: a render a late
 * timer queued (an antd close animation on a loaded runner) would run after the file's jsdom was removed and
 * throw "window is not defined" although every test passed. The setup file lets queued work run before the
 * file ends; for what a late timer queues after that, the closed window stays reachable as `window` (with the
 * one element class a commit asks it for), so the last render finishes on its detached document instead of
 * failing the run.
 */
const jsdom = builtinEnvironments.jsdom;

export default {
  name: 'jsdom-settled',
  viteEnvironment: jsdom.viteEnvironment,
  async setup(global: Record<string, unknown>, options) {
    const environment = await jsdom.setup(global, options);
    return {
      async teardown(torndown: Record<string, unknown>) {
        const closing = torndown.window as Record<string, unknown> | undefined;
        await environment.teardown(torndown);
        if (!('window' in torndown)) torndown.window = closing;
        // A commit reads the focused element through `window.HTMLIFrameElement` (react-dom's
        // getActiveElementDeep), which the closed window no longer has: a late commit would throw "Right-hand
        // side of 'instanceof' is not an object". A class nothing is an instance of lets it finish.
        if (closing && typeof closing.HTMLIFrameElement !== 'function')
          closing.HTMLIFrameElement = class DetachedFrame {};
      },
    };
  },
} satisfies Environment;
