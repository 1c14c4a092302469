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

/**
 * The fixtures for a test file: null (the face tests skip) on a developer's machine without them, but with `CI=true`
 * a missing folder fails the file with a clear message: CI never passes by skipping the face tests (issue 21).
 */
export function testFixturesDir(): string | null {
  const dir = fixturesDir();
  if (!dir && process.env.CI)
    throw new Error('The face fixtures are missing (FACE_FIXTURES_DIR or ../shared/faces next to the repository); CI must run the face tests');
  return dir;
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
