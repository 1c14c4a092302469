/**
 * The face fixtures (/work/shared/faces layout): `<identity>/` folders of one person each, `_single`
 * (one photo per other person), `_multi` (several faces), `_noface`. Used by the tests and bench/face.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { letterbox } from './image.js';

/** `../shared/faces` next to the repository, or FACE_FIXTURES_DIR; null when absent. */
export function fixturesDir(explicit = process.env.FACE_FIXTURES_DIR): string | null {
  const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
  const dir = explicit ? resolve(explicit) : resolve(repoRoot, '../shared/faces');
  return existsSync(dir) ? dir : null;
}

export interface FixtureSet {
  dir: string;
  /** identity -> image paths (folders not starting with "_"). */
  identities: Map<string, string[]>;
  single: string[];
  multi: string[];
  noface: string[];
}

const IMAGE = /\.(jpe?g|png|webp)$/i;

export function listFixtures(dir: string): FixtureSet {
  const files = (sub: string) =>
    existsSync(join(dir, sub))
      ? readdirSync(join(dir, sub))
          .filter((f) => IMAGE.test(f))
          .sort()
          .map((f) => join(dir, sub, f))
      : [];
  const identities = new Map<string, string[]>();
  for (const d of readdirSync(dir, { withFileTypes: true }))
    if (d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.')) identities.set(d.name, files(d.name));
  return { dir, identities, single: files('_single'), multi: files('_multi'), noface: files('_noface') };
}

/** The image as a 640x480 camera-like JPEG (letterboxed; optionally mirrored). */
export const frameOf = (path: string, opts: { mirror?: boolean } = {}) => letterbox(readFileSync(path), opts);
