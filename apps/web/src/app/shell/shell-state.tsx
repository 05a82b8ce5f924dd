import Cookies from 'js-cookie';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import {
  DEFAULT_SIZE,
  DEFAULT_THEME,
  MOBILE_BREAKPOINT_PX,
  SIDEBAR_COOKIE,
  SIZE_COOKIE,
  SIZES,
} from '@dealer-hr/shared/constants';
import type { Size } from '@dealer-hr/shared/constants';

/** docs/web.md "Settings"; remembered in local storage (a sign-out wipes it with everything else). */
export interface Settings {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  supportPinyinSearch: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: DEFAULT_THEME,
  showSettings: true,
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  supportPinyinSearch: true,
};

const SETTINGS_KEY = 'settings';

function loadSettings(): Settings {
  try {
    const saved = JSON.parse(window.localStorage.getItem(SETTINGS_KEY) ?? '{}') as Partial<Settings>;
    const known = Object.fromEntries(
      Object.entries(saved).filter(
        ([key, value]) =>
          key in DEFAULT_SETTINGS && typeof value === typeof DEFAULT_SETTINGS[key as keyof Settings],
      ),
    );
    return { ...DEFAULT_SETTINGS, ...known };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export type Device = 'desktop' | 'mobile';

const mobileQuery = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
const isMobileNow = () => window.matchMedia(mobileQuery).matches;

function loadSize(): Size {
  const saved = Cookies.get(SIZE_COOKIE);
  return (SIZES as readonly string[]).includes(saved ?? '') ? (saved as Size) : DEFAULT_SIZE;
}

/** docs/web.md "App state": the sidebar flag with withoutAnimation, the device and the size. */
export interface ShellState {
  settings: Settings;
  changeSetting<K extends keyof Settings>(key: K, value: Settings[K]): void;
  sidebar: { opened: boolean; withoutAnimation: boolean };
  toggleSidebar(): void;
  closeSidebar(options: { withoutAnimation: boolean }): void;
  device: Device;
  size: Size;
  setSize(size: Size): void;
}

const ShellContext = createContext<ShellState | null>(null);

export function ShellProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(loadSettings);
  // The cookie holds 1 (open) or 0 (closed); no cookie means open. A phone starts with it closed.
  const [sidebar, setSidebar] = useState(() => ({
    opened: Cookies.get(SIDEBAR_COOKIE) !== '0' && !isMobileNow(),
    withoutAnimation: isMobileNow(),
  }));
  const [device, setDevice] = useState<Device>(() => (isMobileNow() ? 'mobile' : 'desktop'));
  const [size, setSizeState] = useState(loadSize);

  const changeSetting = useCallback(<K extends keyof Settings>(key: K, value: Settings[K]) => {
    setSettings((current) => {
      const next = { ...current, [key]: value };
      window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);

  const toggleSidebar = useCallback(() => {
    setSidebar((current) => {
      const opened = !current.opened;
      Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0', { expires: 365, sameSite: 'lax' });
      return { opened, withoutAnimation: false };
    });
  }, []);

  const closeSidebar = useCallback(({ withoutAnimation }: { withoutAnimation: boolean }) => {
    Cookies.set(SIDEBAR_COOKIE, '0', { expires: 365, sameSite: 'lax' });
    setSidebar({ opened: false, withoutAnimation });
  }, []);

  const setSize = useCallback((next: Size) => {
    Cookies.set(SIZE_COOKIE, next, { expires: 365, sameSite: 'lax' });
    setSizeState(next);
  }, []);

  // Becoming mobile closes the sidebar at once, without the slide (docs/web.md "Sidebar"; the template's resize handler).
  useEffect(() => {
    const query = window.matchMedia(mobileQuery);
    const onChange = () => {
      const mobile = query.matches;
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar({ withoutAnimation: true });
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [closeSidebar]);

  const value = useMemo(
    () => ({ settings, changeSetting, sidebar, toggleSidebar, closeSidebar, device, size, setSize }),
    [settings, changeSetting, sidebar, toggleSidebar, closeSidebar, device, size, setSize],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellState {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell is used outside the ShellProvider of the layout');
  return shell;
}
