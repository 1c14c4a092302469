import { describe, expect, it } from 'vitest';
import { clampThreshold, DEFAULT_THRESHOLD, DESCRIPTOR_LENGTH, euclidean, TemplateIndex } from './match.js';

let seed = 7;
const rand = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32 - 0.5;
};
const vec = (scale = 0.3) => Float32Array.from({ length: DESCRIPTOR_LENGTH }, () => rand() * scale);
/** A copy of `v` moved by exactly `distance` along one axis. */
const near = (v: Float32Array, distance: number, axis = 0) => {
  const c = Float32Array.from(v);
  c[axis] += distance;
  return c;
};

describe('TemplateIndex', () => {
  it('finds the nearest employee and the nearest other employee', () => {
    const idx = new TemplateIndex(2);
    const a = vec();
    const b = near(a, 0.5, 1);
    idx.add('ana', [a, near(a, 0.2, 2)]);
    idx.add('bruno', [b]);
    idx.add('carla', [near(a, 0.9, 3)]);
    expect(idx.size).toBe(4);
    expect(idx.employees).toBe(3);
    const r = idx.identify(near(a, 0.1, 4));
    expect(r.employeeId).toBe('ana');
    expect(r.distance).toBeCloseTo(0.1, 5);
    expect(r.runnerUp?.employeeId).toBe('bruno');
    expect(r.runnerUp?.distance).toBeCloseTo(euclidean(near(a, 0.1, 4), b), 5);
    expect(r).toMatchObject({ accepted: true });
    expect(r.reason).toBeUndefined();
  });

  it('refuses beyond the threshold and when the runner-up is too close', () => {
    const idx = new TemplateIndex();
    const a = vec();
    idx.add('ana', [a]);
    idx.add('bruno', [near(a, 0.34, 1)]);
    expect(idx.identify(near(a, 0.6, 2))).toMatchObject({ employeeId: 'ana', accepted: false, reason: 'no_match' });
    // best 0.3, runner-up ~0.45: 0.15 apart -> accepted; with a 0.2 margin -> ambiguous
    const probe = near(a, 0.3, 2);
    expect(idx.identify(probe)).toMatchObject({ employeeId: 'ana', accepted: true });
    expect(idx.identify(probe, DEFAULT_THRESHOLD, 0.2)).toMatchObject({ accepted: false, reason: 'ambiguous' });
  });

  it('several rows of the same employee never count as the runner-up', () => {
    const idx = new TemplateIndex();
    const a = vec();
    idx.add('ana', [a, near(a, 0.01, 1), near(a, 0.02, 2)]);
    const r = idx.identify(a);
    expect(r).toMatchObject({ employeeId: 'ana', runnerUp: null, accepted: true });
    expect(r.distance).toBeCloseTo(0, 3);
  });

  it('removes and replaces an employee (registering again replaces the earlier face)', () => {
    const idx = new TemplateIndex(1);
    const [a, b, c] = [vec(), vec(), vec()];
    idx.add('ana', [a, near(a, 0.05)]);
    idx.add('bruno', [b]);
    idx.add('carla', [c, near(c, 0.05)]);
    expect(idx.remove('ana')).toBe(true);
    expect(idx.remove('ana')).toBe(false);
    expect(idx.size).toBe(3);
    expect(idx.identify(b).employeeId).toBe('bruno');
    expect(idx.identify(c).employeeId).toBe('carla');
    expect(idx.identify(a).employeeId).not.toBe('ana');
    expect(idx.identify(a).accepted).toBe(false);
    const d = vec();
    idx.replace('bruno', [d]);
    expect(idx.identify(d)).toMatchObject({ employeeId: 'bruno', accepted: true });
    expect(idx.identify(b).accepted).toBe(false); // the old face is gone
    expect(idx.size).toBe(3);
    expect(idx.has('ana')).toBe(false);
  });

  it('keeps companies apart: a probe only meets its own index', () => {
    const acme = new TemplateIndex();
    const globex = new TemplateIndex();
    const face = vec();
    globex.add('globex-emp', [face]);
    acme.add('acme-emp', [vec()]);
    expect(acme.identify(face).employeeId).toBe('acme-emp');
    expect(acme.identify(face).accepted).toBe(false);
    expect(new TemplateIndex().identify(face)).toMatchObject({ employeeId: null, accepted: false, reason: 'no_match' });
  });

  it('the SIMD scan agrees with a plain Euclidean loop over many rows (and survives growth)', () => {
    const idx = new TemplateIndex(3);
    const rows: [string, Float32Array][] = [];
    for (let e = 0; e < 400; e++) {
      const ds = [vec(0.3), vec(0.3)];
      idx.add(`e${e}`, ds);
      for (const d of ds) rows.push([`e${e}`, d]);
    }
    for (let t = 0; t < 20; t++) {
      const probe = vec(0.3);
      const sorted = rows.map(([id, d]) => ({ id, dist: euclidean(probe, d) })).sort((x, y) => x.dist - y.dist);
      const r = idx.identify(probe, 10);
      expect(r.employeeId).toBe(sorted[0].id);
      expect(r.distance).toBeCloseTo(sorted[0].dist, 4);
      const other = sorted.find((s) => s.id !== sorted[0].id)!;
      expect(r.runnerUp?.employeeId).toBe(other.id);
      expect(r.runnerUp?.distance).toBeCloseTo(other.dist, 4);
    }
  });

  it('rejects malformed descriptors', () => {
    const idx = new TemplateIndex();
    expect(() => idx.add('x', [new Float32Array(3)])).toThrow(RangeError);
    expect(() => idx.add('x', [Float32Array.from(vec(), (v, i) => (i === 5 ? Number.NaN : v))])).toThrow(RangeError);
    expect(() => idx.identify(new Float32Array(127))).toThrow(RangeError);
  });

  it('clamps a company threshold into 0.45-0.55 (a company that had chosen 0.60 is read as 0.55)', () => {
    expect(clampThreshold(undefined)).toBe(0.55);
    expect(clampThreshold(0.3)).toBe(0.45);
    expect(clampThreshold(0.9)).toBe(0.55);
    expect(clampThreshold(0.6)).toBe(0.55);
    expect(clampThreshold(0.5)).toBe(0.5);
  });
});
