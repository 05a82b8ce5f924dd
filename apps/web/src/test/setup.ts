import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetFeedbackApis } from '../lib/feedback';
import { i18n } from '../lib/i18n';

// Lazy pages load through dynamic imports; on a busy two-core runner the first one can take over a second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; antd's responsive helpers (Grid, Layout.Sider breakpoints) need it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// Nor ResizeObserver, which antd's popups (Dropdown, Select) observe their trigger with.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver ??= ResizeObserverStub;

// jsdom does not implement styles of pseudo-elements, which antd asks for (scrollbar size).
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});

afterEach(() => {
  cleanup();
  resetFeedbackApis();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});
