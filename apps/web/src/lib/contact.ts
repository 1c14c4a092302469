/**
 * Public contact points of Presente, in ONE place (landing, legal texts, support cards).
 *
 * SUPPORT_WHATSAPP_NUMBER: the support line in international format, digits only (e.g. country code + number).
 * It is intentionally empty until the business provides the real line: while empty, every WhatsApp button is
 * hidden and people are offered e-mail instead. Never put a made-up number here.
 */
export const SUPPORT_EMAIL = 'soporte@presente.app';
export const SALES_EMAIL = 'ventas@presente.app';
export const SUPPORT_WHATSAPP_NUMBER = '';

export function mailto(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}

/** A wa.me link to the support line with a pre-filled message, or null while no line is configured. */
export function whatsappLink(message: string, number: string = SUPPORT_WHATSAPP_NUMBER): string | null {
  const digits = number.replace(/\D/g, '');
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
