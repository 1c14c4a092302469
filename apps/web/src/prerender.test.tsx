import { describe, expect, it } from 'vitest';
import i18n from './lib/i18n';
import { renderPage } from './prerender';

/**
 * The build draws the public pages' HTML with renderPage (scripts/prerender.mjs, decision 0069): what a visitor sees
 * before any script runs. It must be the page itself in the requested language, with its form, not a spinner.
 */
describe('renderPage (build-time HTML of the public pages)', () => {
  it('draws the login form in Spanish: heading, fields, submit, links, under <main>', async () => {
    const page = await renderPage('/login', 'es');
    expect(page.title).toBe('Iniciar sesión · Presente');
    expect(page.html).toContain('<main');
    expect(page.html).toMatch(/<h1[^>]*>Iniciar sesión<\/h1>/);
    expect(page.html).toMatch(/<form[^>]*novalidate/i);
    expect(page.html).toMatch(/type="email"/);
    expect(page.html).toMatch(/type="password"/);
    expect(page.html).toContain('¿Olvidaste tu contraseña?');
    expect(page.html).toContain('href="/register"');
    // Mantine's theme variables travel with the markup, so the first paint has the app's colours.
    expect(page.html).toContain('data-mantine-styles');
  });

  it('draws the same page in English when asked, and the landing with its headline', async () => {
    const login = await renderPage('/login', 'en');
    expect(login.title).toBe('Log in · Presente');
    expect(login.html).toMatch(/<h1[^>]*>Log in<\/h1>/);
    expect(login.html).not.toContain('Iniciar sesión');
    const landing = await renderPage('/', 'es');
    expect(landing.html).toContain('<main');
    expect(landing.html).toMatch(/<h1[^>]*>[^<]*La asistencia de tu equipo/);
    expect(landing.description).toMatch(/^Presente: control de asistencia/);
    await i18n.changeLanguage('es');
  });
});
