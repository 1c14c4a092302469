import { TOAST_MS } from '@presente/shared';

type Toast = { message: string; title?: string; color: string; autoClose: number };

/**
 * The toast store loads with the toast host after the first paint (app/AppProviders.tsx), so a page that
 * may show a toast does not carry it on its first load (decision 0026); a toast waits for it at most once.
 */
function show(toast: Toast): void {
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(toast));
}

/**
 * Where toasts appear: at the bottom, away from the header's primary buttons (Nuevo empleado, Exportar) they
 * used to cover for 5 s; bottom-right on a desktop, bottom-center on a phone (where a corner is too narrow).
 */
export const TOAST_PHONE_QUERY = '(max-width: 47.99em)';
export function toastPosition(phone: boolean): 'bottom-right' | 'bottom-center' {
  return phone ? 'bottom-center' : 'bottom-right';
}

/** Toasts with the spec's durations (§9): success 5 s, error 7 s, info 4 s. */
export const notify = {
  success: (message: string, title?: string) => show({ message, title, color: 'teal', autoClose: TOAST_MS.success }),
  error: (message: string, title?: string) => show({ message, title, color: 'red', autoClose: TOAST_MS.error }),
  info: (message: string, title?: string) => show({ message, title, color: 'indigo', autoClose: TOAST_MS.info }),
};
