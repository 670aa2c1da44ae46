import { cx } from '../lib/class-names.ts';

/** A placeholder block while data loads; hidden from assistive tech (announce loading on the container). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cx('animate-pulse rounded bg-subtle motion-reduce:animate-none', className)}
    />
  );
}
