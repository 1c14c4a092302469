import type { Language } from '@presente/shared';
import { escapeHtml } from '../../lib/html.js';
import type { Mail } from '../../lib/mailer.js';

/** The mail that gives a new company administrator their access (setup by email, spec §5). */
export function companyAdminWelcomeMail(lang: Language, admin: { name: string; email: string }, companyName: string, password: string, loginUrl: string): Mail {
  const t =
    lang === 'en'
      ? {
          subject: `Presente: your administrator account for ${companyName}`,
          hello: `Hello ${admin.name},`,
          body: `An administrator account for ${companyName} has been created for you on Presente. Log in here:`,
          email: 'Email',
          password: 'Temporary password',
          change: 'Change this password after your first login (Settings).',
        }
      : {
          subject: `Presente: tu cuenta de administrador de ${companyName}`,
          hello: `Hola ${admin.name},`,
          body: `Se creó para ti una cuenta de administrador de ${companyName} en Presente. Inicia sesión aquí:`,
          email: 'Email',
          password: 'Contraseña temporal',
          change: 'Cambia esta contraseña después de tu primer inicio de sesión (Configuración).',
        };
  return {
    to: admin.email,
    subject: t.subject,
    text: `${t.hello}\n\n${t.body}\n\n${loginUrl}\n\n${t.email}: ${admin.email}\n${t.password}: ${password}\n\n${t.change}\n`,
    html:
      `<p>${escapeHtml(t.hello)}</p><p>${escapeHtml(t.body)}</p><p><a href="${escapeHtml(loginUrl)}">${escapeHtml(loginUrl)}</a></p>` +
      `<p>${escapeHtml(t.email)}: ${escapeHtml(admin.email)}<br>${escapeHtml(t.password)}: <code>${escapeHtml(password)}</code></p><p>${escapeHtml(t.change)}</p>`,
    // Only the login link: the outbox logs links, and the password must not reach the logs.
    links: [loginUrl],
  };
}
