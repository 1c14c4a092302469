import { createReadStream, createWriteStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

// A backup is one plain tar file (ustar), so an operator can look into it with `tar tf` and take the
// database file out by hand (`tar xf`; a PostgreSQL backup's database.pgdump is what pg_restore reads).
// Only what backups need: regular files with short names, written and read in order, never held in memory.

const BLOCK = 512;

function header(name: string, size: number, mode: number): Buffer {
  if (Buffer.byteLength(name) > 99) throw new Error(`archive: name too long: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 'utf8');
  h.write(`${mode.toString(8).padStart(7, '0')}\0`, 100);
  h.write('0000000\0', 108); // uid
  h.write('0000000\0', 116); // gid
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124); // 11 octal digits: up to 8 GiB per entry
  h.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  h.write('        ', 148); // checksum is computed with its own field as spaces
  h.write('0', 156); // regular file
  h.write('ustar\u000000', 257);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

export type Entry = { name: string; mode?: number } & ({ data: Buffer | string } | { path: string });

/** Writes `entries` in order into a new tar file at `file` (mode 600: a backup holds the server's keys). */
export async function writeArchive(file: string, entries: Entry[]): Promise<void> {
  const out = createWriteStream(file, { mode: 0o600 });
  const write = (chunk: Buffer) => new Promise<void>((res, rej) => out.write(chunk, (err) => (err ? rej(err) : res())));
  try {
    for (const entry of entries) {
      const size = 'data' in entry ? Buffer.byteLength(entry.data) : (await stat(entry.path)).size;
      await write(header(entry.name, size, entry.mode ?? 0o600));
      if ('data' in entry) await write(Buffer.from(entry.data));
      else await pipeline(createReadStream(entry.path), out, { end: false });
      if (size % BLOCK) await write(Buffer.alloc(BLOCK - (size % BLOCK)));
    }
    await write(Buffer.alloc(BLOCK * 2)); // end of archive
  } finally {
    await new Promise<void>((res) => out.end(res));
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the file. */
  offset: number;
}

/** The entries of a tar file, or null when `file` is not one (no ustar header where the first should be). */
export async function listArchive(file: string): Promise<ArchiveEntry[] | null> {
  const fh = await open(file, 'r');
  try {
    const entries: ArchiveEntry[] = [];
    const h = Buffer.alloc(BLOCK);
    let at = 0;
    for (;;) {
      const { bytesRead } = await fh.read(h, 0, BLOCK, at);
      if (bytesRead < BLOCK || h.every((b) => b === 0)) return entries.length ? entries : null;
      if (h.toString('latin1', 257, 262) !== 'ustar') return null;
      const name = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const size = Number.parseInt(h.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
      entries.push({ name, size, offset: at + BLOCK });
      at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    await fh.close();
  }
}

export async function readEntry(file: string, entry: ArchiveEntry): Promise<Buffer> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(entry.size);
    await fh.read(buf, 0, entry.size, entry.offset);
    return buf;
  } finally {
    await fh.close();
  }
}

/** Copies one entry's bytes to `dest` without loading it whole (a database dump may be large). */
export async function extractEntry(file: string, entry: ArchiveEntry, dest: string): Promise<void> {
  if (entry.size === 0) {
    await pipeline(async function* () {}, createWriteStream(dest, { mode: 0o600 }));
    return;
  }
  await pipeline(createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 }), createWriteStream(dest, { mode: 0o600 }));
}
