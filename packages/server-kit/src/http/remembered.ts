/**
 * What a pure function of a short text answered, remembered by that text: at most `entries` texts of at most
 * `longest` characters, the memory starting again once it is full (a request's path, a query string: the same few
 * come again and again, and a flood of new ones costs a clear, not a growing map). A longer text is answered each
 * time and never kept. What is kept is shared by every caller: keep only values no one changes.
 */
export class Remembered<V> {
  readonly #known = new Map<string, V>();

  constructor(
    private readonly entries: number,
    private readonly longest: number,
  ) {}

  /**
   * What `make(from)` answers for `text`, remembered. `make` is meant to be made once and `from` to carry what it
   * reads (a request), so a call that finds its answer allocates nothing.
   */
  get<A>(text: string, make: (from: A) => V, from: A): V {
    if (text.length > this.longest) return make(from);
    const known = this.#known.get(text);
    if (known !== undefined || this.#known.has(text)) return known as V;
    const made = make(from);
    if (this.#known.size >= this.entries) this.#known.clear();
    this.#known.set(text, made);
    return made;
  }

  /** Forgets everything: what the function answers has changed. */
  clear(): void {
    this.#known.clear();
  }
}
