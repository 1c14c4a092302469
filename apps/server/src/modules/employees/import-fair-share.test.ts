import argon2 from 'argon2';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { withDni } from '../../test/factories.js';

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
  Array.from({ length: n }, (_, i) => ({ firstName: 'Imp', lastName: `L${i}`, email: `imp${i}-${tag}@fair.pe`, employeeCode: `F${i}`, ...withDni() }));

/** Counts argon2.hash calls (the real one still runs). */
function countHashes() {
  const real = argon2.hash.bind(argon2);
  const seen = { started: 0 };
  vi.spyOn(argon2, 'hash').mockImplementation((async (...args: Parameters<typeof argon2.hash>) => {
    seen.started++;
    return real(...args);
  }) as typeof argon2.hash);
  return seen;
}

describe('an import and the logins of other companies (decisions 0022, 0032)', () => {
  it('hashes no password while the admin waits (the set-password links come from the job queue)', async () => {
    const admin = await premiumAdmin();
    const hashes = countHashes();
    const res = await t.as(admin).post(url, { rows: rows(24, 'a'), dryRun: false });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ dryRun: false, count: 24, emailFailures: 0, mailsQueued: 24 });
    // Before: 24 argon2id hashes inside the request (decision 0022's bulk lane, two at a time).
    expect(hashes.started).toBe(0);
  });

  it("another company's login during an import shares argon2's thread pool with no import hash", async () => {
    const importer = await premiumAdmin();
    const other = await t.factories.companyAdmin(); // another company
    const captcha = await t.solveCaptcha();
    const hashes = countHashes();
    const importing = t.as(importer).post(url, { rows: rows(30, 'b'), dryRun: false });
    const login = await t.anon.post('/api/auth/login', { email: other.email, password: other.password, turnstileToken: captcha });
    expect(login.statusCode).toBe(200);
    const res = await importing;
    expect(res.statusCode).toBe(201);
    expect(res.json().data.count).toBe(30);
    expect(hashes.started).toBe(0);
  });
});
