import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/index.js';
import { BULK_HASH_CONCURRENCY, verifyPassword } from '../../lib/crypto.js';
import { createTestApp, type TestApp } from '../../test/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
});
const url = '/api/company-admin-simple/employees/import';
/** An admin of a company whose plan takes the whole file. */
const premiumAdmin = async () => t.factories.companyAdmin({ companyId: (await t.factories.company({ plan: 'PREMIUM', maxEmployees: -1 })).id });
const rows = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => ({ firstName: 'Imp', lastName: `L${i}`, email: `imp${i}-${tag}@fair.pe`, employeeCode: `F${i}` }));

/** Watches argon2.hash (the real one still runs): how many run at once, how many finished, and a gate on new starts. */
function watchHashes() {
  const real = argon2.hash.bind(argon2);
  const seen = { running: 0, most: 0, finished: 0, started: 0 };
  let gate: Promise<void> | null = null;
  let firstStarted!: () => void;
  const first = new Promise<void>((resolve) => (firstStarted = resolve));
  vi.spyOn(argon2, 'hash').mockImplementation((async (...args: Parameters<typeof argon2.hash>) => {
    while (gate) await gate;
    seen.started++;
    seen.running++;
    seen.most = Math.max(seen.most, seen.running);
    firstStarted();
    try {
      return await real(...args);
    } finally {
      seen.running--;
      seen.finished++;
    }
  }) as typeof argon2.hash);
  return {
    seen,
    first,
    /** Until `open` is called, no further hash starts (the ones already running go on). */
    close() {
      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

describe('an import and the logins of other companies (fair shares, decision 0022)', () => {
  it(`hashes at most ${BULK_HASH_CONCURRENCY} passwords at a time, and answers as before`, async () => {
    const admin = await premiumAdmin();
    const hashes = watchHashes();
    const res = await t.as(admin).post(url, { rows: rows(24, 'a'), dryRun: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ dryRun: false, count: 24, emailFailures: 0 });
    expect(hashes.seen.finished).toBe(24);
    expect(hashes.seen.most).toBeLessThanOrEqual(BULK_HASH_CONCURRENCY);
    // Each account got its own hash of the password its welcome mail carries.
    const mail = t.deps.mailer.outbox.find((m) => m.text.includes('imp7-a@fair.pe'))!;
    const password = /Contraseña: (\S+)/.exec(mail.text)![1];
    const user = await t.db.query.users.findFirst({ where: eq(users.email, 'imp7-a@fair.pe') });
    expect(await verifyPassword(user!.passwordHash, password)).toBe(true);
  });

  it("another company's login waits for at most the import's hashes already running, not for the whole file", async () => {
    const importer = await premiumAdmin();
    const other = await t.factories.companyAdmin(); // another company
    const captcha = await t.solveCaptcha();
    const hashes = watchHashes();
    const importing = t.as(importer).post(url, { rows: rows(30, 'b'), dryRun: false });
    await hashes.first;
    // From here no new import hash starts until the login has answered: the login shares argon2's thread
    // pool only with what the import had already handed to it.
    const open = hashes.close();
    const finishedBefore = hashes.seen.finished;
    const handedToThePool = hashes.seen.started;
    const login = await t.anon.post('/api/auth/login', { email: other.email, password: other.password, turnstileToken: captcha });
    const finishedDuringLogin = hashes.seen.finished - finishedBefore;
    open();
    expect(login.statusCode).toBe(200);
    // Before: the import handed all 30 hashes to the pool at once and the login's verify queued behind them.
    expect(finishedDuringLogin).toBeLessThanOrEqual(BULK_HASH_CONCURRENCY);
    expect(handedToThePool).toBeLessThanOrEqual(BULK_HASH_CONCURRENCY);
    const res = await importing;
    expect(res.statusCode).toBe(201);
    expect(res.json().data.count).toBe(30);
    expect(hashes.seen.most).toBeLessThanOrEqual(BULK_HASH_CONCURRENCY);
  });
});
