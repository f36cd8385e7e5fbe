import type { RouteObject } from 'react-router';
import { FullPageLoader } from './full-page-loader';
import { RootError, RouteError } from './route-error';
import { RootRoute } from './root-route';

/**
 * Every route of the dashboard. Each screen's code is split into its own chunk (`lazy`);
 * the modules in routes/ stay thin: a `loader` that starts the queries while the code
 * loads, and a `Component` composing feature components. Screens owned by later work
 * (mailings, import, statistics, subscribers) replace their module in routes/.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RootError,
    children: [
      { path: 'sign-in', lazy: () => import('./routes/sign-in') },
      {
        // Signed-in area: the shell redirects to sign-in without a session.
        lazy: () => import('./layout/app-layout'),
        children: [
          {
            // Errors of a screen render inside the shell, so navigation stays usable.
            ErrorBoundary: RouteError,
            children: [
              { index: true, lazy: () => import('./routes/home') },
              { path: 'lists', lazy: () => import('./routes/lists') },
              { path: 'lists/new', lazy: () => import('./routes/list-new') },
              { path: 'lists/:listId', lazy: () => import('./routes/list-detail') },
              { path: 'lists/:listId/edit', lazy: () => import('./routes/list-edit') },
              { path: 'lists/:listId/subscribers', lazy: () => import('./routes/subscribers') },
              {
                path: 'lists/:listId/subscribers/new',
                lazy: () => import('./routes/subscriber-new'),
              },
              {
                path: 'lists/:listId/subscribers/:subscriberId',
                lazy: () => import('./routes/subscriber-detail'),
              },
              {
                path: 'lists/:listId/subscribers/:subscriberId/edit',
                lazy: () => import('./routes/subscriber-edit'),
              },
              { path: 'lists/:listId/imports', lazy: () => import('./routes/list-imports') },
              {
                path: 'lists/:listId/imports/:importId',
                lazy: () => import('./routes/list-import'),
              },
              { path: 'lists/:listId/segments', lazy: () => import('./routes/segments') },
              { path: 'lists/:listId/segments/new', lazy: () => import('./routes/segment-edit') },
              {
                path: 'lists/:listId/segments/:segmentId',
                lazy: () => import('./routes/segment-edit'),
              },
              { path: 'lists/:listId/automations', lazy: () => import('./routes/automations') },
              {
                path: 'lists/:listId/automations/new',
                lazy: () => import('./routes/automation-edit'),
              },
              {
                path: 'lists/:listId/automations/:automationId',
                lazy: () => import('./routes/automation-edit'),
              },
              { path: 'lists/:listId/people', lazy: () => import('./routes/engaged-people') },
              { path: 'lists/:listId/forms', lazy: () => import('./routes/list-forms') },
              { path: 'automations', lazy: () => import('./routes/all-automations') },
              { path: 'mailings', lazy: () => import('./routes/mailings') },
              { path: 'mailings/new', lazy: () => import('./routes/mailing-new') },
              { path: 'mailings/:mailingId', lazy: () => import('./routes/mailing-detail') },
              { path: 'outbox', lazy: () => import('./routes/outbox') },
              { path: 'outbox/:messageId', lazy: () => import('./routes/outbox-message') },
              { path: 'import', lazy: () => import('./routes/import') },
              { path: 'statistics', lazy: () => import('./routes/statistics') },
              { path: 'regions', lazy: () => import('./routes/regions') },
              { path: 'regions/:code', lazy: () => import('./routes/region-detail') },
              { path: 'languages', lazy: () => import('./routes/languages') },
              { path: 'api-docs', lazy: () => import('./routes/api-docs') },
              { path: 'settings/sending', lazy: () => import('./routes/settings-sending') },
              { path: 'webhooks', lazy: () => import('./routes/webhooks') },
              { path: 'suppressions', lazy: () => import('./routes/suppressions') },
              { path: 'people', lazy: () => import('./routes/people') },
              { path: 'people/person', lazy: () => import('./routes/person') },
              { path: 'security', lazy: () => import('./routes/security') },
              { path: 'audit', lazy: () => import('./routes/audit') },
              { path: 'users', lazy: () => import('./routes/users') },
              { path: 'roles', lazy: () => import('./routes/roles') },
              { path: 'tokens', lazy: () => import('./routes/tokens') },
              { path: '*', lazy: () => import('./routes/not-found') },
            ],
          },
        ],
      },
    ],
  },
];
