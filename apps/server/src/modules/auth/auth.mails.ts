import type { Language } from '@presente/shared';
import { escapeHtml } from '../../lib/html.js';
import type { Mail } from '../../lib/mailer.js';

/** The password-reset mail in the requester's language. */
export function resetPasswordMail(lang: Language, user: { name: string; email: string }, link: string): Mail {
  const t =
    lang === 'en'
      ? {
          subject: 'Presente: reset your password',
          hello: `Hello ${user.name},`,
          body: 'We received a request to reset your Presente password. Use this link within 1 hour; it works once:',
          ignore: 'If you did not ask for it, ignore this message: your password stays the same.',
        }
      : {
          subject: 'Presente: restablece tu contraseña',
          hello: `Hola ${user.name},`,
          body: 'Recibimos una solicitud para restablecer tu contraseña de Presente. Usa este enlace dentro de 1 hora; sirve una sola vez:',
          ignore: 'Si no la solicitaste, ignora este mensaje: tu contraseña no cambia.',
        };
  return {
    to: user.email,
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n\n${link}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
    links: [link],
  };
}

/**
 * Told to the OLD address after a login email changed: who it went to, and a link that puts it back and ends
 * every session (a stolen session that changes the email no longer takes the account for good).
 */
export function emailChangedMail(lang: Language, user: { name: string; email: string }, newEmail: string, link: string): Mail {
  const t =
    lang === 'en'
      ? {
          subject: 'Presente: your login email was changed',
          hello: `Hello ${user.name},`,
          body: `The login email of your Presente account was changed from ${user.email} to ${newEmail}.`,
          undo: 'If it was not you, open this link within 7 days: it puts your address back and ends every session. Then set a new password.',
        }
      : {
          subject: 'Presente: se cambió tu correo de acceso',
          hello: `Hola ${user.name},`,
          body: `El correo de acceso de tu cuenta de Presente cambió de ${user.email} a ${newEmail}.`,
          undo: 'Si no fuiste tú, abre este enlace dentro de 7 días: devuelve tu correo y cierra todas las sesiones. Luego crea una nueva contraseña.',
        };
  return {
    to: user.email,
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n\n${t.undo}\n\n${link}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p><p>${escapeHtml(t.undo)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    links: [link],
  };
}

/**
 * Told to the owner of an address someone tried to register a company with (decision 0031): registration
 * answers the same for a taken address, so the owner, not the registrant, learns that it is taken.
 */
export function registrationAttemptMail(lang: Language, user: { name: string; email: string }, loginLink: string, resetLink: string): Mail {
  const t =
    lang === 'en'
      ? {
          subject: 'Presente: someone tried to register with your address',
          hello: `Hello ${user.name},`,
          body: 'Someone tried to register a new company in Presente with your email address. Your address already has an account, so nothing was created.',
          you: 'If it was you, sign in here:',
          forgot: 'Forgot your password? Set a new one here:',
          ignore: 'If it was not you, ignore this message: your account is unchanged.',
        }
      : {
          subject: 'Presente: alguien intentó registrarse con tu correo',
          hello: `Hola ${user.name},`,
          body: 'Alguien intentó registrar una nueva empresa en Presente con tu correo. Tu correo ya tiene una cuenta, así que no se creó nada.',
          you: 'Si fuiste tú, inicia sesión aquí:',
          forgot: '¿Olvidaste tu contraseña? Crea una nueva aquí:',
          ignore: 'Si no fuiste tú, ignora este mensaje: tu cuenta no cambió.',
        };
  return {
    to: user.email,
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n\n${t.you}\n${loginLink}\n\n${t.forgot}\n${resetLink}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p><p>${escapeHtml(t.you)} <a href="${escapeHtml(loginLink)}">${escapeHtml(loginLink)}</a></p><p>${escapeHtml(t.forgot)} <a href="${escapeHtml(resetLink)}">${escapeHtml(resetLink)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
    links: [loginLink, resetLink],
  };
}
