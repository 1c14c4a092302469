import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app.js';
import { socketServer } from '../test/sockets.js';
import { rooms } from './events.js';

const server = socketServer();
const open = (token: string) => server.open(token);
let t: TestApp;
let realtime: typeof server.realtime;
beforeAll(() => {
  ({ t, realtime } = server);
});

describe('socket', () => {
  it('refuses a connection without a valid token', async () => {
    await expect(open('forged.token')).rejects.toThrow(/unauthorized/);
  });

  it("delivers a company's events to its admin and not to another company's", async () => {
    const admin = await t.factories.companyAdmin();
    const other = await t.factories.companyAdmin();
    const token = async (u: typeof admin) => (await t.as(u).get('/api/auth/socket-token')).json().data.token as string;
    const mine = await open(await token(admin));
    const theirs = await open(await token(other));
    const got: unknown[] = [];
    const leaked: unknown[] = [];
    theirs.on('company_update', (p) => leaked.push(p));
    const received = new Promise((r) => mine.on('company_update', (p) => r(got.push(p))));
    realtime.events.emit(rooms.companyAdmin(admin.companyId!), 'company_update', { id: admin.companyId });
    await received;
    // A marker to the other company after the event: once it is there, a leaked event would have arrived before it.
    const drained = new Promise((r) => theirs.once('schedule_update', r));
    realtime.events.emit(rooms.companyAdmin(other.companyId!), 'schedule_update', { action: 'marker' });
    await drained;
    expect(got).toEqual([{ id: admin.companyId }]);
    expect(leaked).toEqual([]);
  });

  it('puts the super admin in the super_admin room', async () => {
    const sa = await t.factories.superAdmin();
    const s = await open((await t.as(sa).get('/api/auth/socket-token')).json().data.token);
    const received = new Promise((r) => s.on('system_stats_update', r));
    realtime.events.emit(rooms.superAdmin(), 'system_stats_update', { totalCompanies: 1 });
    expect(await received).toEqual({ totalCompanies: 1 });
  });
});
