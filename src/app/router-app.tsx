import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client';
import { router } from './router';

/**
 * Everything behind the sign-in: the router (with every route), react-query and their
 * chunks. A chunk of its own, loaded once there is a session or the browser is idle on the
 * sign-in screen (boot.tsx), so a fresh browser shows the sign-in without it.
 */
export function RouterApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
