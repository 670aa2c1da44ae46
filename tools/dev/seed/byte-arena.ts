/**
 * A batch's documents written one after another into a few large buffers. Posting a small Buffer to another thread
 * copies its whole 8 KB pool slab; these buffers are transferred instead, and the documents arrive as views of them.
 * A worker that writes its batches itself reuses one arena (`rewind`): its buffers are written again for the next
 * batch rather than new memory taken, faulted in and zeroed by the kernel for every one.
 */
export class ByteArena {
  /** The buffers written so far, to hand over in the transfer list. */
  readonly buffers: ArrayBuffer[] = [];
  private readonly slabs: Buffer[] = [];
  /** The slab being written is `slabs[used - 1]`. */
  private used = 0;
  private current: Buffer = Buffer.alloc(0);
  private at = 0;

  constructor(private readonly size = 4 << 20) {}

  readonly write = (text: string): Uint8Array => {
    // UTF-8 needs at most three bytes per UTF-16 code unit.
    const most = text.length * 3;
    if (this.at + most > this.current.length) this.nextSlab(most);
    const length = this.current.write(text, this.at);
    const view = this.current.subarray(this.at, this.at + length);
    this.at += length;
    return view;
  };

  /** Starts again at the first buffer. Every view written before must be out of use: it will be overwritten. */
  rewind(): void {
    this.used = 0;
    this.current = Buffer.alloc(0);
    this.at = 0;
  }

  private nextSlab(most: number): void {
    let slab = this.slabs[this.used];
    if (slab === undefined || slab.length < most) {
      slab = Buffer.allocUnsafeSlow(Math.max(this.size, most));
      this.slabs[this.used] = slab;
      this.buffers[this.used] = slab.buffer as ArrayBuffer;
    }
    this.used += 1;
    this.current = slab;
    this.at = 0;
  }
}
