import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@presente/shared';

/** Toasts with the spec's durations (§9): success 5 s, error 7 s, info 4 s. */
export const notify = {
  success: (message: string, title?: string) => notifications.show({ message, title, color: 'teal', autoClose: TOAST_MS.success }),
  error: (message: string, title?: string) => notifications.show({ message, title, color: 'red', autoClose: TOAST_MS.error }),
  info: (message: string, title?: string) => notifications.show({ message, title, color: 'indigo', autoClose: TOAST_MS.info }),
};
