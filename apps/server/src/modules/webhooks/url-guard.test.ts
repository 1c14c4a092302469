import { describe, expect, it } from 'vitest';
import { checkReceiver, guardedLookup, isPrivateAddress } from './url-guard.js';

describe('webhook receivers: which addresses a delivery may reach (decision 0058)', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['10.0.0.1', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.0.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.215.14', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd12:3456::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a00:1', true],
    ['2606:4700:4700::1111', false],
    ['not-an-ip', true],
  ])('%s is private: %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });

  it('a name is judged by what it resolves to; localhost never passes, unless private receivers are allowed', async () => {
    expect(await checkReceiver('https://localhost:8443/x', false)).toBe('private');
    expect(await checkReceiver('https://printer.local/x', false)).toBe('private');
    expect(await checkReceiver('https://[::1]/x', false)).toBe('private');
    expect(await checkReceiver('https://8.8.8.8/x', false)).toBe('ok');
    expect(await checkReceiver('https://127.0.0.1/x', true)).toBe('ok');
  });

  it("the delivery socket's lookup refuses a name that resolves inside, whatever it said when saved", async () => {
    const lookup = guardedLookup(false);
    const err = await new Promise<Error | null>((resolve) => lookup('localhost', { family: 0 }, (e) => resolve(e)));
    expect(err?.message).toMatch(/private address/);
    const allowed = guardedLookup(true);
    const ok = await new Promise<string>((resolve) => allowed('localhost', { family: 4 }, (_e, address) => resolve(String(address))));
    expect(ok).toBe('127.0.0.1');
  });
});
