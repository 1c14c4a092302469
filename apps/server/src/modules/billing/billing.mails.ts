import type { Language } from '@presente/shared';
import { escapeHtml } from '../../lib/html.js';
import type { Mail } from '../../lib/mailer.js';
import type { LifecycleStep } from './lifecycle.js';

/** What a lifecycle mail needs; dates are ISO instants shown as dd/mm/yyyy in the company's timezone. */
export interface BillingMailParams {
  companyName: string;
  timezone: string;
  employeeCount?: number;
  accessUntil?: string | null;
  graceEndsAt?: string | null;
  deletionAt?: string | null;
  /** When approved extra seats become usable: the next billing date, when PayPal charges them (decision 0041). */
  effectiveFrom?: string | null;
  subscriptionUrl?: string;
  /** The whole attendance register (Excel and PDF), when the company is closed: valid 30 days (decision 0034). */
  registerUrl?: string;
  registerLinkUntil?: string | null;
}

function day(iso: string | null | undefined, timezone: string): string {
  if (!iso) return '-';
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));
  return parts; // en-GB gives dd/mm/yyyy
}

/** Said in every mail that announces the deletion: deleting the company removes its attendance records too (decision 0008). */
const EXPORT_FIRST = {
  es:
    ' Antes de esa fecha, exporta los reportes (pestaña Reportes): una vez eliminados no se pueden recuperar. El registro de control de asistencia ' +
    'se conserva 5 años, solo para consulta, como exige la ley peruana (D.S. 004-2006-TR); al eliminar la empresa te enviaremos un enlace para descargarlo completo.',
  en:
    ' Before that date, export the reports (Reports tab): once deleted they cannot be recovered. The attendance register is kept for 5 years, ' +
    "for consultation only, as Peru's law requires (D.S. 004-2006-TR); when the company is deleted we will mail you a link to download all of it.",
};
const WARNS_DELETION: LifecycleStep[] = ['payment_failed', 'payment_reversed', 'grace_expired', 'cancelled', 'expired', 'access_ended'];

/** Subject and body per step, es/en. */
export function billingText(step: LifecycleStep, lang: Language, p: BillingMailParams): { subject: string; body: string } {
  const d = (iso?: string | null) => day(iso, p.timezone);
  const es: Record<LifecycleStep, [string, string]> = {
    activated: ['Suscripción Premium activada', `La suscripción Premium de ${p.companyName} está activa para ${p.employeeCount} empleados.`],
    payment_completed: ['Pago recibido', `Recibimos el pago de la suscripción Premium de ${p.companyName}.`],
    payment_recovered: [
      'Pago recibido: Premium restablecido',
      `Recibimos el pago pendiente. ${p.companyName} vuelve a tener Premium para ${p.employeeCount} empleados.`,
    ],
    payment_failed: [
      'Pago fallido: suscripción suspendida',
      `No se pudo cobrar la suscripción de ${p.companyName}. Mantienes Premium durante el periodo de gracia, hasta el ${d(p.graceEndsAt)}. ` +
        `Actualiza tu medio de pago en PayPal. Sin pago, la empresa pasará al plan Gratis el ${d(p.graceEndsAt)} y sus datos se eliminarán el ${d(p.deletionAt)}.`,
    ],
    payment_reversed: [
      'Pago devuelto: suscripción suspendida',
      `El último pago de la suscripción de ${p.companyName} fue reembolsado o revertido. Mantienes Premium durante el periodo de gracia, hasta el ` +
        `${d(p.graceEndsAt)}. Sin un nuevo pago, la empresa pasará al plan Gratis el ${d(p.graceEndsAt)} y sus datos se eliminarán el ${d(p.deletionAt)}.`,
    ],
    payment_refunded: [
      'Reembolso parcial',
      `Se reembolsó parte de un pago de la suscripción de ${p.companyName}; lo que queda cubre el periodo y Premium sigue igual.`,
    ],
    payment_mismatch: ['Pago en revisión', `Recibimos un pago de ${p.companyName} que no coincide con el precio de su suscripción; lo estamos revisando.`],
    revision_scheduled: [
      'Ampliación aprobada',
      `La ampliación de ${p.companyName} a ${p.employeeCount} empleados está aprobada. PayPal la cobra desde la próxima fecha de cobro, ` +
        `el ${d(p.effectiveFrom)}; desde ese pago podrás tener ${p.employeeCount} empleados activos.`,
    ],
    grace_expired: [
      'Periodo de gracia vencido: plan Gratis',
      `El periodo de gracia terminó sin pago. ${p.companyName} pasó a los límites del plan Gratis (5 empleados); los empleados adicionales ` +
        `quedaron desactivados, sin borrar nada. Si no se regulariza el pago, los datos se eliminarán el ${d(p.deletionAt)}.`,
    ],
    revised: ['Suscripción actualizada', `La suscripción Premium de ${p.companyName} ahora cubre ${p.employeeCount} empleados.`],
    cancelled: [
      'Suscripción cancelada',
      `La suscripción Premium de ${p.companyName} fue cancelada. Mantienes el acceso hasta el ${d(p.accessUntil)}; luego la cuenta se ` +
        'desactivará y los datos se conservarán 30 días antes de eliminarse. Para reactivarla contacta a soporte.',
    ],
    expired: [
      'Suscripción expirada',
      `La suscripción Premium de ${p.companyName} expiró. El acceso termina el ${d(p.accessUntil)}; los datos se conservarán 30 días después.`,
    ],
    access_ended: [
      'Cuenta desactivada',
      `El periodo pagado terminó y la cuenta de ${p.companyName} quedó desactivada. El administrador puede seguir entrando solo para descargar ` +
        `el registro de control de asistencia. Los datos se conservarán hasta el ${d(p.deletionAt)}; para recuperarlos contacta a soporte antes de esa fecha.`,
    ],
    deleted: [
      'Datos eliminados',
      `Los datos de ${p.companyName} fueron eliminados de Presente según los términos del servicio, salvo el registro de control de asistencia, ` +
        'que la ley peruana exige conservar 5 años (D.S. 004-2006-TR): queda guardado solo para consulta y se borra al cumplir ese plazo. ' +
        `Descarga el registro completo (Excel y PDF, todos los meses) con el enlace de abajo, válido hasta el ${d(p.registerLinkUntil)}.`,
    ],
  };
  const en: Record<LifecycleStep, [string, string]> = {
    activated: ['Premium subscription active', `The Premium subscription of ${p.companyName} is active for ${p.employeeCount} employees.`],
    payment_completed: ['Payment received', `We received the payment of the Premium subscription of ${p.companyName}.`],
    payment_recovered: [
      'Payment received: Premium restored',
      `We received the pending payment. ${p.companyName} has Premium again for ${p.employeeCount} employees.`,
    ],
    payment_failed: [
      'Payment failed: subscription suspended',
      `The subscription of ${p.companyName} could not be charged. You keep Premium during the grace period, until ${d(p.graceEndsAt)}. ` +
        `Update your payment method in PayPal. Without payment, the company moves to the Free plan on ${d(p.graceEndsAt)} and its data is deleted on ${d(p.deletionAt)}.`,
    ],
    payment_reversed: [
      'Payment returned: subscription suspended',
      `The last payment of the subscription of ${p.companyName} was refunded or reversed. You keep Premium during the grace period, until ` +
        `${d(p.graceEndsAt)}. Without a new payment, the company moves to the Free plan on ${d(p.graceEndsAt)} and its data is deleted on ${d(p.deletionAt)}.`,
    ],
    payment_refunded: [
      'Partial refund',
      `Part of a payment of the subscription of ${p.companyName} was refunded; what remains covers the period and Premium stays as it is.`,
    ],
    payment_mismatch: [
      'Payment under review',
      `We received a payment from ${p.companyName} that does not match the price of its subscription; we are reviewing it.`,
    ],
    revision_scheduled: [
      'Extra seats approved',
      `The increase of ${p.companyName} to ${p.employeeCount} employees is approved. PayPal charges it from the next billing date, ` +
        `${d(p.effectiveFrom)}; from that payment on you can have ${p.employeeCount} active employees.`,
    ],
    grace_expired: [
      'Grace period over: Free plan',
      `The grace period ended without payment. ${p.companyName} is back to the Free plan limits (5 employees); the extra employees were ` +
        `deactivated, nothing was deleted. Unless the payment is settled, the data will be deleted on ${d(p.deletionAt)}.`,
    ],
    revised: ['Subscription updated', `The Premium subscription of ${p.companyName} now covers ${p.employeeCount} employees.`],
    cancelled: [
      'Subscription cancelled',
      `The Premium subscription of ${p.companyName} was cancelled. You keep access until ${d(p.accessUntil)}; then the account is ` +
        'deactivated and the data kept for 30 days before it is deleted. Contact support to resume it.',
    ],
    expired: [
      'Subscription expired',
      `The Premium subscription of ${p.companyName} expired. Access ends on ${d(p.accessUntil)}; the data is kept 30 days after that.`,
    ],
    access_ended: [
      'Account deactivated',
      `The paid period ended and the account of ${p.companyName} was deactivated. The administrator can still sign in, only to download ` +
        `the attendance register. The data is kept until ${d(p.deletionAt)}; contact support before then to recover it.`,
    ],
    deleted: [
      'Data deleted',
      `The data of ${p.companyName} was deleted from Presente as the terms of service provide, except the attendance register, which ` +
        "Peru's law requires to keep for 5 years (D.S. 004-2006-TR): it stays for consultation only and is erased when that period ends. " +
        `Download the whole register (Excel and PDF, every month) with the link below, valid until ${d(p.registerLinkUntil)}.`,
    ],
  };
  const [subject, body] = (lang === 'en' ? en : es)[step];
  return { subject, body: WARNS_DELETION.includes(step) ? body + EXPORT_FIRST[lang === 'en' ? 'en' : 'es'] : body };
}

/** The mail to the company admin for one lifecycle step. */
export function billingMail(step: LifecycleStep, lang: Language, to: string, p: BillingMailParams): Mail {
  const { subject, body } = billingText(step, lang, p);
  const link = step === 'deleted' ? p.registerUrl : p.subscriptionUrl;
  return {
    to,
    subject: `Presente: ${subject}`,
    text: `${body}\n${link ? `\n${link}\n` : ''}`,
    html: `<p>${escapeHtml(body)}</p>${link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : ''}`,
    links: link ? [link] : [],
  };
}
