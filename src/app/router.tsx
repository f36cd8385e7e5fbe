import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The router, created when first rendered rather than when its chunk loads: the chunk is
 * prefetched while the sign-in screen shows (boot.tsx), and the router must start from the
 * address the user is sent to after signing in, not from /sign-in.
 */
export const appRouter = () => (router ??= createBrowserRouter(routes));
