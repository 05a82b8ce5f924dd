import { Activity, memo, useMemo } from 'react';
import {
  NavigationType,
  Outlet,
  parsePath,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigationType,
} from 'react-router';
import type { Location } from 'react-router';
import { useMenuTree } from '../../../lib/session-queries';
import { MenuPage } from '../../routes/menu-page';
import { useShell } from '../../shell/shell-state';
import { menuPageAt, useTagsViewState } from './tags-view-context';
import { useViewScroll } from './use-view-scroll';

interface KeptViewProps {
  /** The live location while the view shows; its tab's address (path and query) while hidden. */
  location: Location | string;
  navigationType: NavigationType;
}

/**
 * One kept page, resolved by MenuPage against its own location: everything inside (useLocation,
 * useSearchParams, relative links) reads that location instead of the window's, so a hidden page keeps
 * reading its own URL. This is what `<Routes location>` does, minus its route matching and a warning it
 * gives for routes below a layout route without "*"; React Router names the context UNSAFE_ because it
 * is not meant for apps, so this is the one place that uses it. Memoised: a hidden page keeps the same
 * address and does not re-render when the user navigates elsewhere.
 */
const KeptView = memo(function KeptView({ location, navigationType }: KeptViewProps) {
  const context = useMemo(() => {
    const resolved: Location =
      typeof location === 'string'
        ? { pathname: '/', search: '', hash: '', ...parsePath(location), state: null, key: 'default' }
        : location;
    return { location: resolved, navigationType };
  }, [location, navigationType]);
  return (
    <LocationContext.Provider value={context}>
      <MenuPage />
    </LocationContext.Provider>
  );
});

/**
 * Where the views render: React's stand-in for the template's keep-alive. Each cached view (docs/web.md "Tabs":
 * a visited menu page without noCache) keeps one mounted instance, hidden by <Activity> while another tab
 * shows, so its state (typed input, a table's page, its scroll position) is there when the user comes
 * back; effects of a hidden view are paused. The page showing, when it is not cached, renders through the
 * router's <Outlet> and unmounts when the user leaves, as do closed and refreshed views.
 */
export function ViewOutlet() {
  const { settings } = useShell();
  const location = useLocation();
  const navigationType = useNavigationType();
  const { data: menus } = useMenuTree();
  const { visited, cached } = useTagsViewState();

  // Taken from the menu rather than the store, which adds the page only after this render: the page keeps
  // the instance it first mounted in.
  const page = settings.tagsView ? menuPageAt(menus, location.pathname) : undefined;
  const active = page && !page.noCache ? page.name : null;
  const kept = !settings.tagsView
    ? []
    : active === null || cached.includes(active)
      ? cached
      : [...cached, active];
  useViewScroll(active, kept);

  return (
    <>
      {kept.map((name) => {
        const shown = name === active;
        // A hidden view stays at the address its tab goes back to (the store follows its query changes).
        const where = shown ? location : visited.find((view) => view.name === name)?.fullPath;
        if (where === undefined) return null;
        return (
          <Activity key={name} mode={shown ? 'visible' : 'hidden'}>
            <KeptView location={where} navigationType={shown ? navigationType : NavigationType.Pop} />
          </Activity>
        );
      })}
      {active === null && <Outlet />}
    </>
  );
}
