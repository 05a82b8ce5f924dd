import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { message, Modal, notification } from 'antd';
import { actDestroy as forgetMessageHolder } from 'antd/lib/message';
import { actDestroy as forgetNotificationHolder } from 'antd/lib/notification';
import Cookies from 'js-cookie';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { clearErrorLog } from '../lib/error-log';
import { resetFeedbackApis } from '../lib/feedback';
import { FEATURE_NAMESPACES, i18n } from '../lib/i18n';
import { runTeardowns } from './teardown';
import { matchMediaAt } from './viewport';

// Lazy pages load through dynamic imports; on a busy two-core runner the first one can take over a second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; antd's responsive helpers (Grid, Layout.Sider breakpoints) and the shell need it.
// Width queries are answered for jsdom's window (1024 px wide: a desktop, not the shell's mobile width);
// a test on a phone answers them for its own width (`viewportWidth` in ./viewport).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: matchMediaAt(() => window.innerWidth),
});

// Nor ResizeObserver, which antd's popups (Dropdown, Select) observe their trigger with.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;

// jsdom does not implement styles of pseudo-elements, which antd asks for (scrollbar size). Computing a style
// walks every rule antd injected, and Testing Library's role queries ask it for each candidate and all its
// ancestors: the answers are kept until the document changes at all (a node, an attribute, a text, a style
// sheet), so no query can read a style from before a change.
const nativeGetComputedStyle = window.getComputedStyle;
const getComputedStyle = nativeGetComputedStyle.bind(window);
let computedStyles = new WeakMap<Element, CSSStyleDeclaration>();
// Changes are seen either way: delivered to the callback, or still pending when a style is asked for.
/** When the document last changed: the end of a file waits for it to settle (below). */
let lastChange = Date.now();
const documentChanges = new MutationObserver(() => {
  computedStyles = new WeakMap();
  lastChange = Date.now();
});
documentChanges.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
window.getComputedStyle = (element: Element) => {
  if (documentChanges.takeRecords().length > 0) computedStyles = new WeakMap();
  let style = computedStyles.get(element);
  if (!style) computedStyles.set(element, (style = getComputedStyle(element)));
  return style;
};

// The app loads a feature's translations with its page; tests render features on their own, so all are here.
await i18n.loadNamespaces(FEATURE_NAMESPACES);

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});

afterEach(async () => {
  // Unmounting inside act() flushes the unmount's own work now instead of queueing it for React's scheduler.
  await act(async () => {
    cleanup();
    runTeardowns();
  });
  // antd's static message, notification and modal live in their own React root outside the tested tree (a
  // route guard may toast before the app's context-bound APIs exist). Their close timers would fire after the
  // file's jsdom is gone and React would render into a missing window; closing them now stops the timers.
  message.destroy();
  notification.destroy();
  Modal.destroyAll();
  resetFeedbackApis();
  // The files of a worker share modules (vitest.config.ts): a logged error must not reach the next file.
  clearErrorLog();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

// React 19.2's development build reads `window.event` at the start of every scheduler task (react/react
// #37100), and the scheduler runs its tasks on setImmediate: a task still queued when the file's jsdom is torn
// down throws "window is not defined" although every test passed. Let queued tasks, and the tasks and timers
// they start, run while the window still exists: for longer than antd's close animations (0.3 s), whose
// timers a dialog closed by the last test still has running when two files run at once and the file ends early.
// A fixed wait was not always enough on a loaded runner, where a closing popup's chain of timers and frames
// ran past it and React committed into a window already gone: the file also waits until the document has
// been still for a while (a commit changes it), for at most a few seconds.
const SETTLED_MS = 300;
const SETTLE_LIMIT_MS = 3_000;
afterAll(async () => {
  const giveUpAt = Date.now() + SETTLE_LIMIT_MS;
  for (
    let turn = 0;
    turn < 20 || (Date.now() - lastChange < SETTLED_MS && Date.now() < giveUpAt);
    turn += 1
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setImmediate(resolve));
    if (documentChanges.takeRecords().length > 0) lastChange = Date.now();
  }
  // The files of a worker share their modules and their jsdom (vitest.config.ts). What the unmounted trees
  // leave in the body goes: the static message's and notification's containers, with any toast still
  // leaving (its fade waits for a transition end that jsdom never sends). Their holders are forgotten too
  // (antd's hook for tests), so the next file's first toast builds new ones in the body.
  forgetMessageHolder();
  forgetNotificationHolder();
  document.body.replaceChildren();
  // The next file's setup watches the same document and wraps getComputedStyle again: this file's observer
  // and wrapper go, so they do not pile up over the worker's files.
  documentChanges.disconnect();
  window.getComputedStyle = nativeGetComputedStyle;
});
