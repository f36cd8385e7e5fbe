import { Outlet } from 'react-router';

export function RootRoute() {
  return <Outlet />;
}
