import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadNotifications, notificationsRequested } from '../components/notify';

const Notifications = lazy(() => loadNotifications().then((m) => ({ default: m.Notifications })));

/** The toast container, mounted once the first toast is requested (see components/notify.ts). */
export function NotificationsHost() {
  const requested = useSyncExternalStore(
    notificationsRequested.subscribe,
    notificationsRequested.get,
  );
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
