import { KIOSK_SCOPE, KIOSK_SW_URL } from './scope';

/**
 * Makes the kiosk page installable (decision 0045): the link's own web manifest (the company's name and the link's
 * name, served by the API) and Apple's touch icon in the head, and the kiosk's service worker registered for the
 * kiosk pages only. Only the kiosk page calls it, so the landing and the signed-in areas carry none of it.
 * Returns a function that takes the head's links away again.
 */
export function installKiosk(token: string, opts: { registerWorker: boolean }): () => void {
  const added = [
    headLink('manifest', `/api/public/attendance/${encodeURIComponent(token)}/manifest.webmanifest`),
    headLink('apple-touch-icon', '/kiosk-icons/apple-touch-icon.png'),
  ];
  if (opts.registerWorker && 'serviceWorker' in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(KIOSK_SW_URL, { scope: KIOSK_SCOPE }).catch(() => {
      // Not installable then (private mode, storage blocked): the kiosk works online as before.
    });
  }
  return () => {
    for (const link of added) link.remove();
  };
}

function headLink(rel: string, href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.appendChild(link);
  return link;
}
