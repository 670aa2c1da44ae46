import { useId } from 'react';
import { cx } from '../../../lib/class-names.ts';
import { starFill } from '../model/rating-levels.ts';

const STAR =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';

/** Five stars filled to the nearest half; the name says the number, so the drawing is never the only signal. */
export function StarRating({ value, className }: { value: number; className?: string }) {
  const { full, half } = starFill(value);
  const clip = useId();
  const label = `${Number.isInteger(value) ? value : value.toFixed(1)} out of 5 stars`;
  return (
    <span role="img" aria-label={label} className={cx('inline-flex gap-0.5', className)}>
      {[0, 1, 2, 3, 4].map((index) => {
        const state = index < full ? 'full' : index === full && half ? 'half' : 'empty';
        return (
          <svg key={index} viewBox="0 0 24 24" aria-hidden="true" className="size-[1em]" focusable="false">
            <path d={STAR} className="fill-subtle stroke-line-strong" strokeWidth="1.25" />
            {state !== 'empty' ? (
              <>
                {state === 'half' ? (
                  <clipPath id={clip}>
                    <rect x="0" y="0" width="12" height="24" />
                  </clipPath>
                ) : null}
                <path
                  d={STAR}
                  className="fill-amber-400 stroke-amber-500 dark:fill-amber-300 dark:stroke-amber-300"
                  strokeWidth="1.25"
                  clipPath={state === 'half' ? `url(#${clip})` : undefined}
                />
              </>
            ) : null}
          </svg>
        );
      })}
    </span>
  );
}
