import type { Language } from '@presente/shared';
import { escapeHtml } from '../../lib/html.js';
import type { Mail } from '../../lib/mailer.js';

/** The mail with an account's (new) password, for a new employee or a password reset. */
export function accountPasswordMail(
  lang: Language,
  kind: 'welcome' | 'reset',
  to: { name: string; email: string },
  companyName: string,
  password: string,
  loginUrl: string,
): Mail {
  const t =
    lang === 'en'
      ? {
          subject: kind === 'welcome' ? `Presente: your ${companyName} account` : 'Presente: your new password',
          hello: `Hello ${to.name},`,
          body:
            kind === 'welcome'
              ? `${companyName} created your Presente account to record your attendance.`
              : `${companyName} generated a new password for your Presente account.`,
          creds: `Email: ${to.email}\nPassword: ${password}`,
          change: 'Log in and change it in Settings:',
        }
      : {
          subject: kind === 'welcome' ? `Presente: tu cuenta de ${companyName}` : 'Presente: tu nueva contraseña',
          hello: `Hola ${to.name},`,
          body:
            kind === 'welcome'
              ? `${companyName} creó tu cuenta de Presente para registrar tu asistencia.`
              : `${companyName} generó una nueva contraseña para tu cuenta de Presente.`,
          creds: `Email: ${to.email}\nContraseña: ${password}`,
          change: 'Inicia sesión y cámbiala en Configuración:',
        };
  return {
    to: to.email,
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n\n${t.creds}\n\n${t.change} ${loginUrl}\n`,
    html: `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p><pre>${escapeHtml(t.creds)}</pre><p>${escapeHtml(t.change)} <a href="${escapeHtml(loginUrl)}">${escapeHtml(loginUrl)}</a></p>`,
    links: [loginUrl],
  };
}
