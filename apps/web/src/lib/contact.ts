/**
 * Public contact points of Presente (landing, legal texts, support cards). The support e-mail and the
 * WhatsApp line are the operator's settings (SUPPORT_EMAIL, SUPPORT_WHATSAPP), read with useSupportContact
 * (lib/publicConfig.ts); without a WhatsApp line every WhatsApp button is hidden and e-mail is offered.
 */
export const SALES_EMAIL = 'ventas@presente.app';

/** Support hours (Monday to Friday), 24-hour: the one home of the figures the landing, the overview and the guide show. */
export const SUPPORT_HOURS = { from: '11:00', to: '17:00' } as const;

export function mailto(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}

/** A wa.me link to a support line (international number) with a pre-filled message, or null without a line. */
export function whatsappLink(message: string, number: string | null | undefined): string | null {
  const digits = (number ?? '').replace(/\D/g, '');
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
