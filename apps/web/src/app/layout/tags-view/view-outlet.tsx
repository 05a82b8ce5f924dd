import { Outlet } from 'react-router';

/** Where the current view renders; cached views will stay mounted here (being built). */
export function ViewOutlet() {
  return <Outlet />;
}
