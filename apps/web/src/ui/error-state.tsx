import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { translate } from '../lib/i18n/i18n.ts';
import { T, useT } from '../lib/i18n/use-t.tsx';
import { Button } from './button.tsx';
import { AlertIcon, RetryIcon } from './icons.tsx';

export interface ErrorStateProps {
  title?: string;
  description?: ReactNode;
  /** The API's machine-readable error code, shown small so support can find it. */
  code?: string | undefined;
  onRetry?: () => void;
  retrying?: boolean;
  /** Inside a card: one line with the retry beside it, instead of a centred block. */
  compact?: boolean;
  className?: string;
}

/** A failed load, announced to screen readers, with a retry when one can help. */
export function ErrorState({
  title = translate('ui.errorState.thisCouldNotBe'),
  description = translate('ui.errorState.checkYourConnectionAnd'),
  code,
  onRetry,
  retrying = false,
  compact = false,
  className,
}: ErrorStateProps) {
  const t = useT();
  if (compact) {
    return (
      <div role="alert" className={cx('flex items-start gap-2 text-body', className)}>
        <AlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
        <div className="min-w-0 flex-1">
          <p className="font-medium text-ink">{title}</p>
          <div className="text-muted">{description}</div>
        </div>
        {onRetry ? (
          <Button size="sm" variant="ghost" onClick={onRetry} pending={retrying} icon={<RetryIcon />}>
            {t('ui.errorState.tryAgain')}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div role="alert" className={cx('flex flex-col items-center px-6 py-12 text-center', className)}>
      <div className="mb-4 grid size-10 place-items-center rounded-lg bg-danger-soft text-danger-soft-ink [&>svg]:size-5">
        <AlertIcon />
      </div>
      <h2 className="text-sm font-semibold text-ink">{title}</h2>
      <div className="mt-1 max-w-md text-sm text-muted">{description}</div>
      {code ? (
        <p className="mt-2 font-mono text-xs text-faint">
          <T id="ui.errorState.code" values={{ code }} components={{ 0: <span className="text-muted" /> }} />
        </p>
      ) : null}
      {onRetry ? (
        <Button className="mt-5" onClick={onRetry} pending={retrying} icon={<RetryIcon />}>
          {t('ui.errorState.tryAgain')}
        </Button>
      ) : null}
    </div>
  );
}
