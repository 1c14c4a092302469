/** Bytes per slab; idle slabs kept for the next answers (at most this many). */
const SLAB = 256 * 1024;
const KEEP = 64;
const idle: Buffer[] = [];

/**
 * Text written as UTF-8 into a few large Buffers ("slabs"), in order: no Buffer per piece and no final
 * concatenation. The slabs come from a pool and go back to it with `release()` once the answer has been sent:
 * on this machine touching fresh memory costs ~10 µs per 4 KiB page, so writing a 1,000-employee calendar
 * (~9 MB) into new Buffers cost ~25 ms more than into reused ones (docs/decisions/0011-calendar-performance.md).
 */
export class ByteSlabs {
  private buf: Buffer | null = null;
  private off = 0;
  private readonly full: Buffer[] = [];
  private readonly owned: Buffer[] = [];

  write(text: string): void {
    const worst = text.length * 3; // UTF-8 bytes per UTF-16 unit, at most
    if (!this.buf || this.off + worst > this.buf.length) {
      this.seal();
      this.buf = worst > SLAB ? Buffer.allocUnsafe(worst) : (idle.pop() ?? Buffer.allocUnsafeSlow(SLAB));
      if (this.buf.length === SLAB) this.owned.push(this.buf);
    }
    this.off += this.buf.write(text, this.off);
  }

  /** The bytes written so far, in order (the slabs' used parts). */
  pieces(): Buffer[] {
    this.seal();
    return this.full;
  }

  /** Gives the slabs back to the pool: only once nothing reads `pieces()` any more (the answer was sent). */
  release(): void {
    this.seal();
    for (const b of this.owned.splice(0)) if (idle.length < KEEP) idle.push(b);
    this.full.length = 0;
  }

  private seal(): void {
    if (this.buf && this.off) this.full.push(this.buf.subarray(0, this.off));
    this.buf = null;
    this.off = 0;
  }
}
