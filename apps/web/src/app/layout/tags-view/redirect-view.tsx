import { Navigate, useLocation } from 'react-router';
import { REDIRECT_PREFIX } from './use-view-actions';

/**
 * docs/web.md "Dynamic menu routes": /redirect/<path> stands in for one render and replaces itself with /<path> and its
 * query. Refreshing a tab goes through here so the page unmounts and mounts afresh.
 */
export function RedirectView() {
  const { pathname, search, hash } = useLocation();
  const target = pathname.slice(REDIRECT_PREFIX.length) || '/';
  return <Navigate to={{ pathname: target, search, hash }} replace />;
}
