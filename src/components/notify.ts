import { t } from '@lingui/core/macro';
import { describeError } from '../api/errors';

/**
 * Toasts. @mantine/notifications (and its transition library) loads with the first toast
 * rather than with every screen; `NotificationsHost` mounts the container at that moment.
 */
type NotificationsModule = typeof import('@mantine/notifications');
let loading: Promise<NotificationsModule> | null = null;
const listeners = new Set<() => void>();
let requested = false;

export const loadNotifications = () => (loading ??= import('@mantine/notifications'));

export const notificationsRequested = {
  get: () => requested,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

type Toast = { title?: string; message: string; color?: string };

export function notify(toast: Toast) {
  if (!requested) {
    requested = true;
    listeners.forEach((l) => l());
  }
  void loadNotifications().then(({ notifications }) =>
    notifications.show({ withBorder: true, ...toast }),
  );
}

export const notifySuccess = (message: string) => notify({ message, color: 'teal' });

export const notifyError = (err: unknown, title?: string) =>
  notify({ title: title ?? t`Something went wrong`, message: describeError(err), color: 'red' });
