import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, passwordResetTokens, sessions, users } from '../../db/schema/index.js';
import { afterAnswerSettled } from '../../lib/after-answer.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { TEST_PASSWORD } from '../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const cookieOf = (res: { headers: Record<string, unknown> }) => {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : [raw];
  const c = list.find((x) => typeof x === 'string' && x.startsWith('presente_session='));
  return c ? String(c).split(';')[0] : undefined;
};

const registration = (over: Record<string, unknown> = {}) => ({
  name: 'Panadería San Martín',
  ruc: '20100070970',
  email: 'contacto@sanmartin.pe',
  phone: '+51 999 888 777',
  address: 'Av. Arequipa 123',
  city: 'Lima',
  adminName: 'Rosa Quispe',
  adminEmail: `rosa-${Math.random().toString(36).slice(2)}@sanmartin.pe`,
  password: 'clave-segura-1',
  confirmPassword: 'clave-segura-1',
  ...over,
});

describe('POST /api/auth/register', () => {
  it('refuses without a human-verification solution and writes nothing', async () => {
    const body = registration();
    const res = await t.anon.post('/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'captcha_failed', message: 'Error en la verificación de seguridad' });
    expect(await t.db.query.users.findFirst({ where: eq(users.email, body.adminEmail) })).toBeUndefined();
  });

  it('answers the spec messages for missing fields, short and mismatched passwords', async () => {
    const res = await t.anon.post('/api/auth/register', { name: ' ', email: '', adminName: '', adminEmail: '', password: 'short', confirmPassword: 'other' });
    expect(res.statusCode).toBe(400);
    const messages = res.json().errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'El nombre de la empresa es requerido',
        'El email de la empresa es requerido',
        'El nombre del administrador es requerido',
        'El email del administrador es requerido',
        'La contraseña debe tener al menos 8 caracteres',
      ]),
    );
    // Fields left out entirely get the same words as empty ones.
    const missing = await t.anon.post('/api/auth/register', {});
    expect(missing.json().errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['El nombre de la empresa es requerido', 'El email del administrador es requerido', 'La contraseña es requerida']),
    );
    const mismatch = await t.anon.post('/api/auth/register', registration({ confirmPassword: 'otra-clave-99' }));
    expect(mismatch.json().errors).toContainEqual({ path: 'confirmPassword', message: 'Las contraseñas no coinciden' });
    const longRuc = await t.anon.post('/api/auth/register', registration({ ruc: '1'.repeat(21) }), { 'accept-language': 'en' });
    expect(longRuc.statusCode).toBe(400);
    expect(longRuc.json().errors[0].message).toMatch(/tax ID/i);
  });

  it('creates a FREE, ACTIVE company in Peru by default with its admin, in one go', async () => {
    const body = registration();
    const res = await t.anon.post('/api/auth/register', { ...body, turnstileToken: await t.solveCaptcha() });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Empresa registrada exitosamente, inicia sesión');
    const admin = await t.db.query.users.findFirst({ where: eq(users.email, body.adminEmail) });
    expect(admin).toMatchObject({ role: 'COMPANY_ADMIN', name: 'Rosa Quispe', isActive: true });
    expect(admin!.passwordHash).toMatch(/^\$argon2id\$/);
    const company = await t.db.query.companies.findFirst({ where: eq(companies.id, admin!.companyId!) });
    expect(company).toMatchObject({ plan: 'FREE', status: 'ACTIVE', country: 'PE', timezone: 'America/Lima', locale: 'es-PE', ruc: '20100070970' });
  });

  it('accepts another country with one of its timezones, refuses a timezone of another country', async () => {
    const ok = registration({ country: 'MX', timezone: 'America/Cancun', locale: 'es-MX' });
    const res = await t.anon.post('/api/auth/register', { ...ok, turnstileToken: await t.solveCaptcha() });
    expect(res.statusCode).toBe(201);
    const bad = await t.anon.post('/api/auth/register', {
      ...registration({ country: 'PE', timezone: 'Europe/Madrid' }),
      turnstileToken: await t.solveCaptcha(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
  });

  it('a taken admin email (any case) creates nothing, answers as a new company, and mails the owner instead (decision 0031)', async () => {
    const existing = await t.factories.companyAdmin();
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(companies);
    const fresh = await t.anon.post('/api/auth/register', { ...registration(), turnstileToken: await t.solveCaptcha() });
    const taken = await t.anon.post('/api/auth/register', {
      ...registration({ adminEmail: existing.email.toUpperCase() }),
      turnstileToken: await t.solveCaptcha(),
    });
    // The same status and body as a registration that created a company: no test of which addresses exist.
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.json()).toEqual({ message: 'Empresa registrada exitosamente, inicia sesión' });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(companies);
    expect(after[0].n).toBe(before[0].n + 1);
    await afterAnswerSettled();
    const mail = t.deps.mailer.outbox.at(-1)!;
    expect(mail.to).toBe(existing.email);
    expect(mail.subject).toBe('Presente: alguien intentó registrarse con tu correo');
    expect(mail.links).toEqual([
      expect.stringMatching(/^http:\/\/localhost(:\d+)?\/login$/),
      expect.stringMatching(/^http:\/\/localhost(:\d+)?\/forgot-password$/),
    ]);
  });

  it('refuses a replayed verification solution', async () => {
    const token = await t.solveCaptcha();
    expect((await t.anon.post('/api/auth/register', { ...registration(), turnstileToken: token })).statusCode).toBe(201);
    const replay = await t.anon.post('/api/auth/register', { ...registration(), turnstileToken: token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('captcha_failed');
  });
});

describe('POST /api/auth/login', () => {
  it('answers the same for an unknown email and a wrong password', async () => {
    const admin = await t.factories.companyAdmin();
    const unknown = await t.anon.post('/api/auth/login', { email: 'nadie@example.com', password: 'x', turnstileToken: await t.solveCaptcha() });
    const wrong = await t.anon.post('/api/auth/login', { email: admin.email, password: 'wrong-password', turnstileToken: await t.solveCaptcha() });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ message: 'Credenciales inválidas', code: 'invalid_credentials' });
  });

  it('requires the human verification', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.anon.post('/api/auth/login', { email: admin.email, password: TEST_PASSWORD, turnstileToken: 'Zm9v' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Error en la verificación de seguridad');
  });

  it('logs in, sets an httpOnly SameSite=Lax session cookie and returns user and company config', async () => {
    const company = await t.factories.company({ timezone: 'America/Bogota', locale: 'es-CO' });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const res = await t.anon.post('/api/auth/login', { email: admin.email.toUpperCase(), password: TEST_PASSWORD, turnstileToken: await t.solveCaptcha() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        user: { id: admin.id, userId: admin.id, name: admin.name, email: admin.email, role: 'COMPANY_ADMIN', userType: 'COMPANY_ADMIN', companyId: company.id },
        companyConfig: { timezone: 'America/Bogota', locale: 'es-CO' },
      },
      message: '¡Bienvenido al sistema!',
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const verify = await t.anon.get('/api/auth/verify', { cookie: cookieOf(res)! });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.user).toMatchObject({ id: admin.id, role: 'COMPANY_ADMIN' });
  });

  it('rotates the session at login: the previous cookie stops working', async () => {
    const admin = await t.factories.companyAdmin();
    const old = `presente_session=${admin.sessionToken}`;
    const res = await t.anon.post('/api/auth/login', { email: admin.email, password: TEST_PASSWORD, turnstileToken: await t.solveCaptcha() }, { cookie: old });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).not.toBe(old);
    expect((await t.anon.get('/api/auth/verify', { cookie: old })).statusCode).toBe(401);
    expect((await t.anon.get('/api/auth/verify', { cookie: cookieOf(res)! })).statusCode).toBe(200);
  });

  it('refuses an inactive account and an employee of an inactive company; its admin gets a register-only session', async () => {
    const inactive = await t.factories.companyAdmin({ isActive: false });
    const r1 = await t.anon.post('/api/auth/login', { email: inactive.email, password: TEST_PASSWORD, turnstileToken: await t.solveCaptcha() });
    expect(r1.statusCode).toBe(403);
    expect(r1.json().code).toBe('account_inactive');
    const company = await t.factories.company({ status: 'INACTIVE' });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const worker = await t.factories.employeeUser({ companyId: company.id });
    const r2 = await t.anon.post('/api/auth/login', { email: worker.email, password: TEST_PASSWORD, turnstileToken: await t.solveCaptcha() });
    expect(r2.statusCode).toBe(403);
    expect(r2.json().code).toBe('company_inactive');
    // Open sessions of the inactive company end too; the admin's becomes register-only (decision 0034).
    expect((await t.as(worker).get('/api/auth/verify')).statusCode).toBe(401);
    const r3 = await t.anon.post('/api/auth/login', { email: admin.email, password: TEST_PASSWORD, turnstileToken: await t.solveCaptcha() });
    expect(r3.json().data.user.access).toBe('register_only');
    expect((await t.as(admin).get('/api/company-admin-simple/dashboard/stats')).json().code).toBe('register_only');
  });

  it('answers 429 after 5 failed attempts on one account, even with the right password', async () => {
    const admin = await t.factories.companyAdmin();
    for (let i = 0; i < 5; i++) {
      const r = await t.anon.post('/api/auth/login', { email: admin.email, password: `bad-${i}`, turnstileToken: await t.solveCaptcha() });
      expect(r.statusCode).toBe(401);
    }
    const locked = await t.anon.post('/api/auth/login', { email: admin.email, password: TEST_PASSWORD, turnstileToken: await t.solveCaptcha() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('Demasiados intentos') });
  });

  it('30 wrong passwords sent at once: only 5 are checked, the rest answer 429', async () => {
    const admin = await t.factories.companyAdmin();
    const tokens = await Promise.all(Array.from({ length: 30 }, () => t.solveCaptcha()));
    const answers = await Promise.all(
      tokens.map((turnstileToken, i) => t.anon.post('/api/auth/login', { email: admin.email, password: `bad-${i}`, turnstileToken })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(25);
  });

  it("a guesser's failures from one address do not lock the real user out from another", async () => {
    const admin = await t.factories.companyAdmin();
    const from = (remoteAddress: string, password: string) =>
      t
        .solveCaptcha()
        .then((turnstileToken) =>
          t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email: admin.email.toUpperCase(), password, turnstileToken } }),
        );
    for (let i = 0; i < 6; i++) await from('203.0.113.7', `bad-${i}`);
    expect((await from('203.0.113.7', TEST_PASSWORD)).statusCode).toBe(429);
    expect((await from('198.51.100.20', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('answers in English when the request prefers it', async () => {
    const res = await t.anon.post('/api/auth/login', { email: '', password: '' }, { 'accept-language': 'en-US,en;q=0.9,es;q=0.5' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'email', message: 'Email is required' });
  });

  it('refuses a cross-site Origin on state-changing calls', async () => {
    const res = await t.anon.post('/api/auth/login', { email: 'a@b.co', password: 'x' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('origin_mismatch');
  });
});

describe('logout, verify, company-config, socket-token', () => {
  it('answer 401 without a session', async () => {
    for (const url of ['/api/auth/verify', '/api/auth/company-config', '/api/auth/socket-token']) {
      const res = await t.anon.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
  });

  it('verify returns the user of the session for every role', async () => {
    for (const make of [t.factories.superAdmin, t.factories.companyAdmin, t.factories.employeeUser]) {
      const u = await make();
      const res = await t.as(u).get('/api/auth/verify');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user).toMatchObject({ id: u.id, userId: u.id, role: u.role, userType: u.role, companyId: u.companyId });
    }
  });

  it("company-config is the actor's own company's, never another's", async () => {
    const mine = await t.factories.company({ timezone: 'America/Mexico_City', locale: 'es-MX' });
    await t.factories.company({ timezone: 'Europe/Madrid', locale: 'es-ES' });
    const employee = await t.factories.employeeUser({ companyId: mine.id });
    const res = await t.as(employee).get('/api/auth/company-config?companyId=other');
    expect(res.json().data).toEqual({ timezone: 'America/Mexico_City', locale: 'es-MX' });
  });

  it('issues a signed socket token', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).get('/api/auth/socket-token');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.token).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('logout revokes the session server-side', async () => {
    const admin = await t.factories.companyAdmin();
    const res = await t.as(admin).post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect((await t.as(admin).get('/api/auth/verify')).statusCode).toBe(401);
    expect(await t.db.query.sessions.findFirst({ where: eq(sessions.userId, admin.id) })).toBeUndefined();
  });
});

describe('forgot and reset password', () => {
  it('forgot-password always answers the same sentence and mails a link only to existing accounts', async () => {
    const admin = await t.factories.companyAdmin();
    const before = t.deps.mailer.outbox.length;
    const unknown = await t.anon.post('/api/auth/forgot-password', { email: 'nadie@example.com' });
    await afterAnswerSettled();
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe('Si el email existe en nuestro sistema, recibirás un enlace de recuperación');
    expect(t.deps.mailer.outbox.length).toBe(before);
    const known = await t.anon.post('/api/auth/forgot-password', { email: admin.email }, { host: 'localhost:3000' });
    await afterAnswerSettled();
    expect(known.json()).toEqual(unknown.json());
    const mail = t.deps.mailer.outbox.at(-1)!;
    expect(mail.to).toBe(admin.email);
    expect(mail.links![0]).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{40,}$/);
  });

  it("an attacker's Host or X-Forwarded-Host never becomes the link in the victim's reset mail", async () => {
    const victim = await t.factories.superAdmin();
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    const target = await proxied.factories.superAdmin();
    const attempts: [TestApp, string, Record<string, string>][] = [
      [t, victim.email, { host: 'evil.example' }],
      [t, victim.email, { host: 'localhost.evil.example:3000' }],
      [t, victim.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' }],
      [proxied, target.email, { host: 'localhost', 'x-forwarded-host': 'evil.example' }],
      [proxied, target.email, { host: 'localhost', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }],
    ];
    for (const [app, email, headers] of attempts) {
      const res = await app.anon.post('/api/auth/forgot-password', { email }, headers);
      await afterAnswerSettled();
      expect(res.statusCode).toBe(200);
      const mail = app.deps.mailer.outbox.at(-1)!;
      expect(mail.to).toBe(email);
      // The server's own address instead (PUBLIC_URL unset, the host not on LINK_HOSTS).
      expect(mail.links![0], JSON.stringify(headers)).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    }
    // With PUBLIC_URL set, links always use it.
    const configured = await createTestApp({ PUBLIC_URL: 'https://asistencia.example.com/' });
    const user = await configured.factories.companyAdmin();
    await configured.anon.post('/api/auth/forgot-password', { email: user.email }, { host: 'evil.example' });
    await afterAnswerSettled();
    expect(configured.deps.mailer.outbox.at(-1)!.links![0]).toMatch(/^https:\/\/asistencia\.example\.com\/reset-password\?token=/);
  });

  it('one account gets at most 3 reset mails an hour, from any number of addresses, with the same answer', async () => {
    const admin = await t.factories.companyAdmin();
    const before = t.deps.mailer.outbox.length;
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: `192.0.2.${i + 1}`, payload: { email: admin.email } });
      await afterAnswerSettled();
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Si el email existe en nuestro sistema, recibirás un enlace de recuperación');
    }
    expect(t.deps.mailer.outbox.slice(before).filter((m) => m.to === admin.email)).toHaveLength(3);
  });

  it('using one reset link kills every older link of the same user', async () => {
    const user = await t.factories.companyAdmin();
    const linkOf = async () => {
      await t.anon.post('/api/auth/forgot-password', { email: user.email });
      await afterAnswerSettled();
      return new URL(t.deps.mailer.outbox.at(-1)!.links![0]).searchParams.get('token')!;
    };
    const older = await linkOf();
    const newer = await linkOf();
    expect((await t.anon.post('/api/auth/reset-password', { token: newer, newPassword: 'NuevaClave123' })).statusCode).toBe(200);
    const replay = await t.anon.post('/api/auth/reset-password', { token: older, newPassword: 'OtraClave456' });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('invalid_token');
  });

  it('checks a reset link without spending it: valid until used, then invalid; a missing password gets the spec message', async () => {
    const user = await t.factories.companyAdmin();
    await t.anon.post('/api/auth/forgot-password', { email: user.email });
    await afterAnswerSettled();
    const token = new URL(t.deps.mailer.outbox.at(-1)!.links![0]).searchParams.get('token')!;
    for (let i = 0; i < 2; i++) expect((await t.anon.post('/api/auth/reset-password/check', { token })).json()).toEqual({ data: { valid: true } });
    const noPassword = await t.anon.post('/api/auth/reset-password', { token });
    expect(noPassword.json().errors).toEqual([{ path: 'newPassword', message: 'Por favor ingresa una nueva contraseña' }]);
    expect((await t.anon.post('/api/auth/reset-password', { token, newPassword: 'NuevaClave123' })).statusCode).toBe(200);
    for (const tok of [token, 'bogus']) {
      const res = await t.anon.post('/api/auth/reset-password/check', { token: tok });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_token', message: expect.stringContaining('inválido') });
    }
  });

  it('validates the email with the spec messages', async () => {
    const empty = await t.anon.post('/api/auth/forgot-password', { email: '' });
    expect(empty.json().message).toBe('Por favor ingresa tu correo electrónico');
    const bad = await t.anon.post('/api/auth/forgot-password', { email: 'no-es-email' });
    expect(bad.json().message).toBe('Por favor ingresa un correo electrónico válido');
  });

  async function resetLinkFor(email: string) {
    await t.anon.post('/api/auth/forgot-password', { email });
    await afterAnswerSettled();
    return new URL(t.deps.mailer.outbox.at(-1)!.links![0]).searchParams.get('token')!;
  }

  it('resets once with a valid token, ends every session, and the new password works', async () => {
    const employee = await t.factories.employeeUser();
    const token = await resetLinkFor(employee.email);
    const stored = await t.db.query.passwordResetTokens.findFirst({ where: eq(passwordResetTokens.userId, employee.id) });
    expect(stored!.tokenHash).not.toContain(token); // only the hash is kept

    const short = await t.anon.post('/api/auth/reset-password', { token, newPassword: '12345' });
    expect(short.json().message).toBe('La contraseña debe tener al menos 6 caracteres');

    const ok = await t.anon.post('/api/auth/reset-password', { token, newPassword: 'nueva-clave' });
    expect(ok.statusCode).toBe(200);
    expect((await t.as(employee).get('/api/auth/verify')).statusCode).toBe(401);
    const login = await t.anon.post('/api/auth/login', { email: employee.email, password: 'nueva-clave', turnstileToken: await t.solveCaptcha() });
    expect(login.statusCode).toBe(200);

    const again = await t.anon.post('/api/auth/reset-password', { token, newPassword: 'otra-clave' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('inválido');
  });

  it('refuses an unknown or expired token with a message containing "inválido"', async () => {
    const unknown = await t.anon.post('/api/auth/reset-password', { token: 'no-existe', newPassword: 'nueva-clave' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'invalid_token', message: expect.stringContaining('inválido') });

    const user = await t.factories.companyAdmin();
    const token = await resetLinkFor(user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await t.anon.post('/api/auth/reset-password', { token, newPassword: 'nueva-clave' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toContain('inválido');
  });
});

describe('GET /auth/session (extension, decision 0036)', () => {
  it('answers 200 with user null when signed out (no 401 for a visitor), and the session when signed in', async () => {
    const anon = await t.anon.get('/api/auth/session');
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toEqual({ data: { user: null } });
    // A made-up cookie is signed out too.
    expect((await t.anon.get('/api/auth/session', { cookie: 'presente_session=forged' })).json()).toEqual({ data: { user: null } });

    const company = await t.factories.company({ timezone: 'America/Lima' });
    const admin = await t.factories.companyAdmin({ companyId: company.id });
    const mine = (await t.as(admin).get('/api/auth/session')).json().data;
    const verify = (await t.as(admin).get('/api/auth/verify')).json().data;
    expect(mine).toEqual(verify);
    expect(mine.user).toMatchObject({ email: admin.email, companyId: company.id });
    // Another company's admin sees only their own session and company.
    const other = await t.factories.companyAdmin();
    expect((await t.as(other).get('/api/auth/session')).json().data.user).toMatchObject({ email: other.email, companyId: other.companyId });

    // A company made inactive: its employees are signed out here too; its admin keeps the register-only session
    // (decision 0034), which the web app needs to show the register's export screen.
    const lapsed = await t.factories.company({ status: 'INACTIVE' });
    const gone = (await t.factories.employee(lapsed.id)).account;
    expect((await t.as(gone).get('/api/auth/session')).json()).toEqual({ data: { user: null } });
    const lapsedAdmin = await t.factories.companyAdmin({ companyId: lapsed.id });
    const registerOnly = await t.as(lapsedAdmin).get('/api/auth/session');
    expect(registerOnly.statusCode).toBe(200);
    expect(registerOnly.json().data.user).toMatchObject({ email: lapsedAdmin.email, access: 'register_only' });
  });
});
