/**
 * A batch's documents written one after another into a few large buffers. Posting a small Buffer to another thread
 * copies its whole 8 KB pool slab; these buffers are transferred instead, and the documents arrive as views of them.
 */
export class ByteArena {
  /** The buffers written so far, to hand over in the transfer list. */
  readonly buffers: ArrayBuffer[] = [];
  private current = Buffer.alloc(0);
  private at = 0;

  constructor(private readonly size = 4 << 20) {}

  readonly write = (text: string): Uint8Array => {
    // UTF-8 needs at most three bytes per UTF-16 code unit.
    if (this.at + text.length * 3 > this.current.length) {
      this.current = Buffer.allocUnsafeSlow(Math.max(this.size, text.length * 3));
      this.buffers.push(this.current.buffer as ArrayBuffer);
      this.at = 0;
    }
    const length = this.current.write(text, this.at);
    const view = this.current.subarray(this.at, this.at + length);
    this.at += length;
    return view;
  };
}
