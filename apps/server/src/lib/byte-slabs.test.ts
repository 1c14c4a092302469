import { describe, expect, it } from 'vitest';
import { ByteSlabs } from './byte-slabs.js';

const texts = (tag: string) => Array.from({ length: 3000 }, (_, i) => `{"n":${i},"tag":"${tag}","name":"Ñuñez Díaz 🎄 ${'x'.repeat(i % 700)}"}`);

describe('ByteSlabs', () => {
  it('keeps every byte in order across slabs, multi-byte characters included', () => {
    const slabs = new ByteSlabs();
    const all = texts('a');
    for (const t of all) slabs.write(t);
    const pieces = slabs.pieces();
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(all.join(''));
  });

  it('reuses released slabs: a later answer is whole and an unreleased one is never overwritten', () => {
    const first = new ByteSlabs();
    for (const t of texts('first')) first.write(t);
    first.pieces();
    first.release();
    const held = new ByteSlabs();
    for (const t of texts('held')) held.write(t);
    const heldBytes = Buffer.concat(held.pieces()).toString('utf8');
    const next = new ByteSlabs();
    for (const t of texts('next')) next.write(t);
    expect(Buffer.concat(next.pieces()).toString('utf8')).toBe(texts('next').join(''));
    expect(Buffer.concat(held.pieces()).toString('utf8')).toBe(heldBytes);
    expect(heldBytes).toBe(texts('held').join(''));
  });

  it('takes a text larger than a slab whole, and answers nothing when nothing was written', () => {
    expect(new ByteSlabs().pieces()).toEqual([]);
    const big = new ByteSlabs();
    const text = 'é'.repeat(200_000);
    big.write('[');
    big.write(text);
    big.write(']');
    expect(Buffer.concat(big.pieces()).toString('utf8')).toBe(`[${text}]`);
  });
});
