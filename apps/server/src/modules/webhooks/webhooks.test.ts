import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog, jobs, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { jobHandlers } from '../../jobs/index.js';
import { runDueJobs } from '../../jobs/runner.js';
import { createTestApp } from '../../test/app.js';
import { withDni } from '../../test/factories.js';
import { pruneWebhookDeliveries } from './prune.js';

// The tests' receiver listens on 127.0.0.1, so private receivers are allowed here; one test turns it off.
const t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
const BASE = '/api/company-admin-simple/webhooks';
const silent = pino({ level: 'silent' });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
/** A local receiver: records every POST and answers with the status the test sets. */
let received: Received[] = [];
let answer = 200;
let server: Server;
let receiverUrl = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answer).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
// Each test starts with no delivery due and an empty receiver, answering 200.
beforeEach(async () => {
  answer = 200;
  await runJobs();
  received = [];
});

/** Runs every job due at `now` until none is left (a delivery, and nothing else, is what these tests queue). */
async function runJobs(now = new Date()) {
  while ((await runDueJobs(t.deps, jobHandlers, [], silent, now)) > 0);
}

/** The receiver's check, as docs/WEBHOOKS.md tells a customer to write it. */
function verify(secret: string, r: Received) {
  const header = String(r.headers['presente-signature']);
  const [, ts, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
  return !!ts && createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex') === v1;
}

async function adminWithEndpoint(
  events: string[] = ['employee.created', 'employee.updated', 'employee.deactivated', 'attendance.recorded', 'attendance.changed', 'attendance.deleted'],
) {
  const admin = await t.factories.companyAdmin();
  const res = await t.as(admin).post(BASE, { url: receiverUrl, events, description: 'Nómina' });
  expect(res.statusCode).toBe(201);
  const { endpoint, secret } = res.json().data as { endpoint: { id: string }; secret: string };
  return { admin, endpoint, secret };
}

let hired = 0;
/** Creates an employee through the admin's API (what queues employee.created), with a fresh e-mail and code. */
async function hire(admin: Parameters<typeof t.as>[0], firstName: string, lastName: string) {
  const n = `${Date.now()}-${++hired}`;
  const res = await t
    .as(admin)
    .post('/api/company-admin-simple/employees', { firstName, lastName, email: `hire-${n}@x.pe`, employeeCode: `H-${n}`, ...withDni() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; email: string; employeeCode: string };
}

const eventsOf = (list: Received[]) => list.map((r) => JSON.parse(r.body) as { id: string; type: string; companyId: string; data: Record<string, any> });

describe('webhook endpoints: the admin registers, lists, edits, rotates and removes them (decision 0058)', () => {
  it('shows the signing secret once, keeps it sealed, logs the change, and never lists the secret', async () => {
    const { admin, endpoint, secret } = await adminWithEndpoint(['employee.created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const list = await t.as(admin).get(BASE);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: endpoint.id,
        url: receiverUrl,
        description: 'Nómina',
        events: ['employee.created'],
        enabled: true,
        disabledReason: null,
        secretHint: `${secret.slice(0, 12)}…`,
      }),
    ]);
    expect(list.body).not.toContain(secret);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.secretSealed).not.toContain(secret.slice(6));
    const logged = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.companyId, admin.companyId!), eq(activityLog.title, 'activity.webhookCreated')));
    expect(logged).toHaveLength(1);

    const rotated = await t.as(admin).post(`${BASE}/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.secret).not.toBe(secret);
  });

  it('refuses bad input with field messages in the reader language, and a sixth endpoint', async () => {
    const admin = await t.factories.companyAdmin();
    const bad = await t.as(admin).post(BASE, { url: 'ftp://x', events: [] }, { 'accept-language': 'es' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'url', message: 'Ingresa una URL válida (https://...)' },
        { path: 'events', message: 'Elige al menos un evento' },
      ]),
    );
    expect((await t.as(admin).post(BASE, { url: receiverUrl, events: ['payroll.paid'] })).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await t.as(admin).post(BASE, { url: receiverUrl, events: ['employee.created'] })).statusCode).toBe(201);
    const sixth = await t.as(admin).post(BASE, { url: receiverUrl, events: ['employee.created'] });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe('Puedes registrar hasta 5 webhooks');
    expect(await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, admin.companyId!))).toHaveLength(5);
  });

  it("another company's admin cannot see, change, rotate, read the log of or delete an endpoint; an employee cannot reach them", async () => {
    const { endpoint } = await adminWithEndpoint(['employee.created']);
    const other = await t.factories.companyAdmin();
    const as = t.as(other);
    expect((await as.get(BASE)).json().data).toEqual([]);
    expect((await as.put(`${BASE}/${endpoint.id}`, { url: 'https://evil.example/x', events: ['attendance.recorded'] })).statusCode).toBe(404);
    expect((await as.post(`${BASE}/${endpoint.id}/rotate-secret`)).statusCode).toBe(404);
    expect((await as.get(`${BASE}/${endpoint.id}/deliveries`)).statusCode).toBe(404);
    expect((await as.delete(`${BASE}/${endpoint.id}`)).statusCode).toBe(404);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.url).toBe(receiverUrl);
    const worker = await t.factories.employee(other.companyId!);
    expect((await t.as(worker.account).get(BASE)).statusCode).toBe(403);
  });
});

describe('a receiver on a private or loopback address is refused unless the server allows it', () => {
  it('refuses loopback, private, link-local and metadata addresses and plain http when saving, and changes nothing', async () => {
    const admin = await t.factories.companyAdmin();
    t.deps.config.WEBHOOKS_ALLOW_PRIVATE = false;
    try {
      const urls = [
        'https://127.0.0.1/hook',
        'https://localhost/hook',
        'https://10.1.2.3/hook',
        'https://192.168.1.10/hook',
        'https://172.20.0.1/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
        'https://[fd00::1]/hook',
        'https://0.0.0.0/hook',
      ];
      for (const url of urls) {
        const res = await t.as(admin).post(BASE, { url, events: ['employee.created'] }, { 'accept-language': 'en' });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors, url).toEqual([{ path: 'url', message: 'The URL points to a private or local address; use a public address' }]);
      }
      const http = await t.as(admin).post(BASE, { url: 'http://93.184.215.14/hook', events: ['employee.created'] }, { 'accept-language': 'en' });
      expect(http.json().errors).toEqual([{ path: 'url', message: 'The URL must use https://' }]);
      expect(await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.companyId, admin.companyId!))).toEqual([]);
    } finally {
      t.deps.config.WEBHOOKS_ALLOW_PRIVATE = true;
    }
  });

  it('a saved endpoint that now points inside is not called at delivery time (allowed when saved, refused when sent)', async () => {
    const { admin, endpoint } = await adminWithEndpoint(['employee.created']);
    received = [];
    t.deps.config.WEBHOOKS_ALLOW_PRIVATE = false;
    try {
      await hire(admin, 'Rosa', 'Quispe');
      await runJobs();
    } finally {
      t.deps.config.WEBHOOKS_ALLOW_PRIVATE = true;
    }
    expect(received).toEqual([]);
    const [d] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(d.lastError).toMatch(/private address \(127\.0\.0\.1\)/);
    expect((await t.as(admin).delete(`${BASE}/${endpoint.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
  });
});

describe('deliveries: signed, de-duplicable, retried, logged, re-sendable', () => {
  it('an employee created, edited and deactivated and a manual record reach the receiver signed, in order, without evidence', async () => {
    const { admin, secret } = await adminWithEndpoint();
    received = [];
    answer = 200;
    const as = t.as(admin);
    const rosaDni = withDni().documentNumber;
    const created = await as.post('/api/company-admin-simple/employees', {
      firstName: 'Rosa',
      lastName: 'Quispe',
      email: `rq-${Date.now()}@x.pe`,
      employeeCode: `RQ-${Date.now()}`,
      documentType: 'DNI',
      documentNumber: rosaDni,
    });
    expect(created.statusCode).toBe(201);
    const emp = created.json().data;
    expect(
      (
        await as.put(`/api/company-admin-simple/employees/${emp.id}`, {
          firstName: 'Rosa María',
          lastName: 'Quispe',
          email: emp.email,
          employeeCode: emp.employeeCode,
          documentType: 'DNI',
          documentNumber: rosaDni,
        })
      ).statusCode,
    ).toBe(200);
    const record = await as.post('/api/company-admin-simple/attendance', {
      employeeId: emp.id,
      date: '2026-03-02',
      checkIn: '08:00',
      checkOut: '17:00',
      reason: 'Olvidó marcar',
    });
    expect(record.statusCode, record.body).toBe(201);
    const recordId = record.json().data.id;
    expect((await as.delete(`/api/company-admin-simple/attendance/${recordId}`)).statusCode).toBe(200);
    expect(
      (
        await as.put(`/api/company-admin-simple/employees/${emp.id}`, {
          firstName: 'Rosa María',
          lastName: 'Quispe',
          email: emp.email,
          employeeCode: emp.employeeCode,
          documentType: 'DNI',
          documentNumber: rosaDni,
          status: 'INACTIVE',
        })
      ).statusCode,
    ).toBe(200);
    await runJobs();

    const events = eventsOf(received);
    expect(events.map((e) => e.type).sort()).toEqual(
      ['attendance.deleted', 'attendance.recorded', 'employee.created', 'employee.deactivated', 'employee.updated'].sort(),
    );
    for (const r of received) {
      expect(verify(secret, r)).toBe(true);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['presente-event-id']).toBe(JSON.parse(r.body).id);
      expect(r.headers['presente-event']).toBe(JSON.parse(r.body).type);
    }
    // Tampering with one byte breaks the signature.
    expect(verify(secret, { ...received[0], body: received[0].body.replace('Rosa', 'Rosb') })).toBe(false);
    const recorded = events.find((e) => e.type === 'attendance.recorded')!;
    expect(recorded.companyId).toBe(admin.companyId);
    expect(recorded.data).toMatchObject({
      action: 'created',
      reason: 'Olvidó marcar',
      employee: { id: emp.id, employeeCode: emp.employeeCode, firstName: 'Rosa María', lastName: 'Quispe' },
      record: { id: recordId, date: '2026-03-02', workHours: expect.any(Number), isManual: true, manualReason: 'Olvidó marcar' },
    });
    expect(JSON.stringify(recorded)).not.toMatch(/evidence|descriptor|template|passwordHash|userId/);
    expect(events.find((e) => e.type === 'attendance.deleted')!.data).toMatchObject({ record: { id: recordId, date: '2026-03-02' }, action: 'deleted' });
    expect(events.find((e) => e.type === 'employee.deactivated')!.data.employee).toMatchObject({ id: emp.id, status: 'INACTIVE', deleted: false });
  });

  it('an employee punch from the web reaches the receiver as attendance.recorded check_in; only subscribed events are sent', async () => {
    const { admin } = await adminWithEndpoint(['attendance.recorded']);
    const emp = await t.factories.employee(admin.companyId!);
    received = [];
    const res = await t.as(emp.account).post('/api/employee/attendance/check-in', {});
    expect(res.statusCode).toBe(201);
    await runJobs();
    expect(eventsOf(received).map((e) => [e.type, e.data.action, e.data.employee.id])).toEqual([['attendance.recorded', 'check_in', emp.id]]);
  });

  it("another company's changes never reach this company's receiver", async () => {
    await adminWithEndpoint();
    const other = await t.factories.companyAdmin();
    received = [];
    await hire(other, 'Luis', 'Ajeno');
    await runJobs();
    expect(received).toEqual([]);
  });

  it('a refused change queues nothing (the outbox commits with the change)', async () => {
    const { admin, endpoint } = await adminWithEndpoint(['employee.created']);
    const emp = await t.factories.employee(admin.companyId!);
    const dup = await t
      .as(admin)
      .post('/api/company-admin-simple/employees', { firstName: 'X', lastName: 'Y', email: emp.email, employeeCode: 'OTHER-1', ...withDni() });
    expect(dup.statusCode).toBe(409);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
  });

  it('a failing receiver is retried with backoff, the log shows each try, and a later success delivers the same event', async () => {
    const { admin, endpoint } = await adminWithEndpoint(['employee.created']);
    received = [];
    answer = 503;
    await hire(admin, 'Eva', 'Reintento');
    const t0 = new Date();
    await runJobs(t0);
    const log1 = (await t.as(admin).get(`${BASE}/${endpoint.id}/deliveries`)).json().data;
    expect(log1).toEqual([
      expect.objectContaining({ eventType: 'employee.created', status: 'pending', attempts: 1, lastStatusCode: 503, lastError: 'HTTP 503' }),
    ]);
    expect(new Date(log1[0].nextAttemptAt).getTime() - t0.getTime()).toBeGreaterThanOrEqual(29_000);
    // Not before its time...
    await runJobs(new Date(t0.getTime() + 10_000));
    expect(received).toHaveLength(1);
    // ...then again, 60 s apart after the second failure...
    await runJobs(new Date(t0.getTime() + 31_000));
    expect(received).toHaveLength(2);
    const log2 = (await t.as(admin).get(`${BASE}/${endpoint.id}/deliveries`)).json().data[0];
    expect(log2.attempts).toBe(2);
    expect(new Date(log2.nextAttemptAt).getTime() - (t0.getTime() + 31_000)).toBe(60_000);
    // ...and delivered once the receiver answers.
    answer = 200;
    await runJobs(new Date(t0.getTime() + 92_000));
    const log3 = (await t.as(admin).get(`${BASE}/${endpoint.id}/deliveries`)).json().data[0];
    expect(log3).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, nextAttemptAt: null });
    const ids = eventsOf(received).map((e) => e.id);
    expect(new Set(ids).size).toBe(1);
    expect((await t.as(admin).get(BASE)).json().data[0]).toMatchObject({ failingSince: null, lastSuccessAt: expect.any(String) });

    // Re-sent by hand: a new delivery of the same event id.
    const resent = await t.as(admin).post(`${BASE}/${endpoint.id}/deliveries/${log3.id}/resend`);
    expect(resent.statusCode).toBe(202);
    await runJobs(new Date(t0.getTime() + 93_000));
    expect(eventsOf(received).map((e) => e.id)).toEqual([ids[0], ids[0], ids[0], ids[0]]);
    const other = await t.factories.companyAdmin();
    expect((await t.as(other).post(`${BASE}/${endpoint.id}/deliveries/${log3.id}/resend`)).statusCode).toBe(404);
  });

  it('an endpoint failing for 24 h is disabled, its waiting deliveries fail, and the admin is mailed', async () => {
    const { admin, endpoint } = await adminWithEndpoint(['employee.created']);
    answer = 500;
    await hire(admin, 'Ida', 'Caída');
    const t0 = new Date();
    await runJobs(t0);
    const mailsBefore = t.deps.mailer.outbox!.length;
    // Every retry until 24 h later fails; the one past 24 h disables the endpoint.
    let at = t0.getTime();
    for (let i = 0; i < 60 && at - t0.getTime() < 25 * 3600_000; i++) {
      at += 3600_000;
      await runJobs(new Date(at));
    }
    answer = 200;
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.disabledReason).toBe('failing');
    expect(row.disabledAt).not.toBeNull();
    const deliveries = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(deliveries.map((d) => d.status)).toEqual(['failed']);
    const mails = t.deps.mailer.outbox!.slice(mailsBefore);
    expect(mails.map((m) => m.to)).toEqual([admin.email]);
    expect(mails[0].subject).toBe('Presente: desactivamos un webhook que falla');
    expect((await t.as(admin).get(BASE)).json().data[0]).toMatchObject({ enabled: false, disabledReason: 'failing' });
    // Disabled: new events are not queued for it; enabling it again by hand restarts it.
    await hire(admin, 'Ivo', 'Nuevo');
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toHaveLength(1);
    const on = await t.as(admin).put(`${BASE}/${endpoint.id}`, { url: receiverUrl, events: ['employee.created'], enabled: true });
    expect(on.json().data).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, 'webhooks.deliver'), eq(jobs.status, 'failed'))),
    ).toEqual([]);
  });
});

describe('the delivery log keeps 30 days', () => {
  it('the daily prune removes deliveries older than 30 days and keeps the rest', async () => {
    const { admin, endpoint } = await adminWithEndpoint(['employee.created']);
    await hire(admin, 'Pia', 'Poda');
    await runJobs();
    const now = new Date();
    expect(await pruneWebhookDeliveries(t.deps, new Date(now.getTime() + 29 * 86_400_000))).toBe(0);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toHaveLength(1);
    expect(await pruneWebhookDeliveries(t.deps, new Date(now.getTime() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual([]);
  });
});
