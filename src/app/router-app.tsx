import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { configureZodForCsp } from '../lib/zod-config';
import { NotificationsHost } from './notifications-host';
import { queryClient } from './query-client';
import { appRouter } from './router';
import { installZodMessages } from './zod-messages';

// Before any route's code can load zod (the sign-in screen has no zod and no toasts).
configureZodForCsp();
installZodMessages();

/**
 * Everything behind the sign-in: the router (with every route), react-query and their
 * chunks. A chunk of its own, loaded once there is a session or the browser is idle on the
 * sign-in screen (boot.tsx), so a fresh browser shows the sign-in without it.
 */
export function RouterApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationsHost />
      <RouterProvider router={appRouter()} />
    </QueryClientProvider>
  );
}
