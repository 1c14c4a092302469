import QRCode from 'qrcode';

/** Spec §9: QR 256 px, margin 2, black on white. */
export const QR_OPTIONS = { width: 256, margin: 2, color: { dark: '#000000', light: '#ffffff' } } as const;

export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, QR_OPTIONS);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PrintSheet {
  title: string;
  companyName: string;
  linkName: string;
  qr: string;
  url: string;
  instructions: string[];
}

/**
 * Opens the printable page (titled 'Asistencia por Reconocimiento Facial', spec §2) in a new window and
 * asks the browser to print it once the QR image is in. Returns false when a pop-up blocker stopped it.
 */
export function openPrintSheet(sheet: PrintSheet): boolean {
  const win = window.open('', '_blank');
  if (!win) return false;
  const doc = win.document;
  doc.open();
  doc.write(`<!doctype html><html lang="${document.documentElement.lang || 'es'}"><head><meta charset="utf-8"><title>${escapeHtml(sheet.title)}</title>
<style>
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #111; margin: 0; }
  main { max-width: 640px; margin: 32px auto; padding: 32px; text-align: center; border: 2px solid #222; border-radius: 16px; }
  h1 { font-size: 26px; margin: 0 0 8px; }
  .company { font-size: 20px; font-weight: 700; margin: 0; }
  .link { font-size: 16px; color: #444; margin: 4px 0 20px; }
  img { width: 256px; height: 256px; image-rendering: pixelated; }
  ol { text-align: left; display: inline-block; margin: 20px auto 8px; font-size: 15px; line-height: 1.6; }
  .url { font-family: ui-monospace, monospace; font-size: 11px; color: #555; word-break: break-all; }
  @media print { main { border: none; margin: 0 auto; } }
</style></head><body><main>
  <h1>${escapeHtml(sheet.title)}</h1>
  <p class="company">${escapeHtml(sheet.companyName)}</p>
  <p class="link">${escapeHtml(sheet.linkName)}</p>
  <img id="qr" src="${sheet.qr}" alt="QR" width="256" height="256">
  <ol>${sheet.instructions.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ol>
  <p class="url">${escapeHtml(sheet.url)}</p>
</main></body></html>`);
  doc.close();
  const img = doc.getElementById('qr') as HTMLImageElement | null;
  const print = () => {
    try {
      win.focus();
      win.print();
    } catch {
      // The person can still print from the browser's menu.
    }
  };
  if (img && !img.complete) img.addEventListener('load', print, { once: true });
  else setTimeout(print, 0);
  return true;
}
