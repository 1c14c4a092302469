/**
 * 2-D point-set geometry for liveness across a burst (burst.ts): the residual of the best similarity (how much a
 * shape changed, whatever the move, turn and zoom) and of the best homography (how far a motion is from the motion
 * of a flat picture) between two frames' landmarks. Pure; points in pixels.
 */
export type P2 = readonly [number, number];

/** Root-mean-square distance between matched points. */
export function rms(a: readonly P2[], b: readonly P2[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i][0] - b[i][0]) ** 2 + (a[i][1] - b[i][1]) ** 2;
  return Math.sqrt(s / Math.max(1, a.length));
}

const centroid = (p: readonly P2[]): P2 => [p.reduce((s, q) => s + q[0], 0) / p.length, p.reduce((s, q) => s + q[1], 0) / p.length];

/** RMS residual (pixels of `b`) of the best similarity (move, rotation, uniform scale) taking `a` onto `b`. */
export function similarityResidual(a: readonly P2[], b: readonly P2[]): number {
  const [ax, ay] = centroid(a);
  const [bx, by] = centroid(b);
  let sxx = 0;
  let re = 0;
  let im = 0;
  for (let i = 0; i < a.length; i++) {
    const [px, py] = [a[i][0] - ax, a[i][1] - ay];
    const [qx, qy] = [b[i][0] - bx, b[i][1] - by];
    sxx += px * px + py * py;
    // sum of conj(p) * q: the complex least-squares scale-rotation.
    re += px * qx + py * qy;
    im += px * qy - py * qx;
  }
  const [c, s] = sxx > 0 ? [re / sxx, im / sxx] : [1, 0];
  const mapped = a.map(([x, y]): P2 => [c * (x - ax) - s * (y - ay) + bx, s * (x - ax) + c * (y - ay) + by]);
  return rms(mapped, b);
}

/** Hartley normalisation: centroid at 0, mean distance √2. Returns the points and [scale, cx, cy]. */
function normalise(p: readonly P2[]): { p: P2[]; k: number; cx: number; cy: number } {
  const [cx, cy] = centroid(p);
  const mean = p.reduce((s, q) => s + Math.hypot(q[0] - cx, q[1] - cy), 0) / p.length || 1;
  const k = Math.SQRT2 / mean;
  return { p: p.map(([x, y]): P2 => [(x - cx) * k, (y - cy) * k]), k, cx, cy };
}

/** Solves the n x n system M x = v by Gaussian elimination with partial pivoting; null when singular. */
function solve(m: number[][], v: number[]): number[] | null {
  const n = v.length;
  const a = m.map((row, i) => [...row, v[i]]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
    if (Math.abs(a[pivot][c]) < 1e-12) return null;
    [a[c], a[pivot]] = [a[pivot], a[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let k = c; k <= n; k++) a[r][k] -= f * a[c][k];
    }
  }
  return a.map((row, i) => row[n] / row[i]);
}

/**
 * The best homography taking `a` onto `b` (normalised DLT, h33 = 1, least squares over every point), as a
 * function; null when the points are degenerate (fewer than 4, collinear).
 */
export function fitHomography(a: readonly P2[], b: readonly P2[]): ((p: P2) => P2) | null {
  if (a.length < 4 || a.length !== b.length) return null;
  const na = normalise(a);
  const nb = normalise(b);
  const ata = Array.from({ length: 8 }, () => new Array(8).fill(0));
  const atb = new Array(8).fill(0);
  const addRow = (row: number[], rhs: number) => {
    for (let i = 0; i < 8; i++) {
      atb[i] += row[i] * rhs;
      for (let j = 0; j < 8; j++) ata[i][j] += row[i] * row[j];
    }
  };
  for (let i = 0; i < a.length; i++) {
    const [x, y] = na.p[i];
    const [u, v] = nb.p[i];
    addRow([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    addRow([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  }
  const h = solve(ata, atb);
  if (!h) return null;
  return ([px, py]: P2): P2 => {
    const x = (px - na.cx) * na.k;
    const y = (py - na.cy) * na.k;
    const w = h[6] * x + h[7] * y + 1;
    const u = (h[0] * x + h[1] * y + h[2]) / w;
    const v = (h[3] * x + h[4] * y + h[5]) / w;
    return [u / nb.k + nb.cx, v / nb.k + nb.cy];
  };
}

/** RMS residual (pixels of `b`) of the best homography taking `a` onto `b`; Infinity when none fits. */
export function homographyResidual(a: readonly P2[], b: readonly P2[]): number {
  const h = fitHomography(a, b);
  return h ? rms(a.map(h), b) : Number.POSITIVE_INFINITY;
}
