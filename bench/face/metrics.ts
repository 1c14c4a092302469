/** Verification and identification figures over labelled descriptors (pure; used by face-bench.ts). */
import { euclidean, TemplateIndex } from '../../apps/server/src/face/match.js';

export interface Sample {
  identity: string;
  file: string;
  descriptor: Float32Array;
}

export interface PairScores {
  genuine: number[];
  impostor: number[];
}

/** Every pair once: same identity -> genuine, different identity -> impostor. */
export function pairScores(samples: Sample[]): PairScores {
  const genuine: number[] = [];
  const impostor: number[] = [];
  for (let i = 0; i < samples.length; i++)
    for (let j = i + 1; j < samples.length; j++) {
      const d = euclidean(samples[i].descriptor, samples[j].descriptor);
      (samples[i].identity === samples[j].identity ? genuine : impostor).push(d);
    }
  return { genuine, impostor };
}

/** False accepts (impostor ≤ t) and false rejects (genuine > t) as fractions. */
export function ratesAt(s: PairScores, t: number): { far: number; frr: number } {
  const far = s.impostor.filter((d) => d <= t).length / Math.max(1, s.impostor.length);
  const frr = s.genuine.filter((d) => d > t).length / Math.max(1, s.genuine.length);
  return { far, frr };
}

/** Equal error rate: the threshold (among the observed distances) where FAR and FRR are closest. */
export function equalErrorRate(s: PairScores): { eer: number; threshold: number } {
  const candidates = [...s.genuine, ...s.impostor].sort((a, b) => a - b);
  let best = { gap: Number.POSITIVE_INFINITY, eer: 1, threshold: 0 };
  for (const t of candidates) {
    const { far, frr } = ratesAt(s, t);
    const gap = Math.abs(far - frr);
    if (gap < best.gap) best = { gap, eer: (far + frr) / 2, threshold: t };
  }
  return { eer: best.eer, threshold: best.threshold };
}

/**
 * Leave-one-out 1:N over identities with at least two images: each image is the probe, every other image
 * (other identities and the distractors included) is the gallery.
 */
export function rank1(samples: Sample[]): { correct: number; probes: number; misses: string[] } {
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(s.identity, (counts.get(s.identity) ?? 0) + 1);
  let correct = 0;
  let probes = 0;
  const misses: string[] = [];
  for (const [i, probe] of samples.entries()) {
    if ((counts.get(probe.identity) ?? 0) < 2) continue;
    probes++;
    let best = { d: Number.POSITIVE_INFINITY, identity: '' };
    for (const [j, g] of samples.entries()) {
      if (i === j) continue;
      const d = euclidean(probe.descriptor, g.descriptor);
      if (d < best.d) best = { d, identity: g.identity };
    }
    if (best.identity === probe.identity) correct++;
    else misses.push(probe.file);
  }
  return { correct, probes, misses };
}

/**
 * The production decision (TemplateIndex.identify with threshold and margin), leave-one-out: genuine
 * probes must be accepted as themselves; probes whose identity has no other image must be refused.
 */
export function openSet(samples: Sample[], threshold: number, margin: number) {
  const out = { genuineAccepted: 0, genuineProbes: 0, impostorAccepted: 0, impostorProbes: 0, errors: [] as string[] };
  for (const [i, probe] of samples.entries()) {
    const index = new TemplateIndex(samples.length);
    let hasSelf = false;
    for (const [j, g] of samples.entries()) {
      if (i === j) continue;
      index.add(g.identity, [g.descriptor]);
      if (g.identity === probe.identity) hasSelf = true;
    }
    const r = index.identify(probe.descriptor, threshold, margin);
    if (hasSelf) {
      out.genuineProbes++;
      if (r.accepted && r.employeeId === probe.identity) out.genuineAccepted++;
      else out.errors.push(`${probe.file}: ${r.reason ?? `as ${r.employeeId}`} ${r.distance.toFixed(3)}/${r.runnerUp?.distance.toFixed(3)}`);
    } else {
      out.impostorProbes++;
      if (r.accepted) {
        out.impostorAccepted++;
        out.errors.push(`${probe.file}: accepted as ${r.employeeId} ${r.distance.toFixed(3)}`);
      }
    }
  }
  return out;
}

export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : Number.NaN;
};
