/**
 * A line that tells how far a long start-up step is. On a terminal it is rewritten in place; in a log file or a pipe a
 * new line is written at most every `everyMs`, so a start that takes minutes never looks hung and never floods a log.
 */
export interface Progress {
  /** `done` of `total` so far (of an unknown total when absent). */
  update(done: number, total?: number): void;
  /** Ends the line with what was done (`Built the dashboard in 4.2 s`). */
  done(summary: string): void;
}

export function createProgress(
  label: string,
  options: { unit?: string; stream?: NodeJS.WriteStream; everyMs?: number; now?: () => number } = {},
): Progress {
  const stream = options.stream ?? process.stderr;
  const everyMs = options.everyMs ?? 2000;
  const now = options.now ?? (() => performance.now());
  const tty = stream.isTTY === true;
  // The first line after a moment: a step that ends at once needs none.
  let last = now();
  let open = false;
  return {
    update(done, total) {
      const at = now();
      const finished = total !== undefined && done >= total;
      if (!finished && at - last < (tty ? 100 : everyMs)) return;
      last = at;
      const count = done.toLocaleString('en-US');
      const unit = options.unit ? ` ${options.unit}` : '';
      const line =
        total === undefined
          ? `${label}: ${count}${unit}`
          : `${label}: ${count} of ${total.toLocaleString('en-US')}${unit} (${total > 0 ? Math.floor((done / total) * 100) : 100}%)`;
      if (tty) {
        stream.write(`\r\x1b[2K${line}`);
        open = true;
      } else stream.write(`${line}\n`);
    },
    done(summary) {
      stream.write(`${open ? '\r\x1b[2K' : ''}${summary}\n`);
      open = false;
    },
  };
}
