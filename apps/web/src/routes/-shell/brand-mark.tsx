/** Mostrador's mark: an M on the accent colour. */
export function BrandMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="6" className="fill-accent" />
      <path
        d="M6.5 17V8.2c0-.5.6-.8 1-.4l4.5 4.7 4.5-4.7c.4-.4 1-.1 1 .4V17"
        fill="none"
        className="stroke-accent-ink"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
