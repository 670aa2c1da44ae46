import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useT } from '../../lib/i18n/use-t.tsx';
import { ErrorState } from '../../ui/error-state.tsx';

/** Shown in place of a page whose code or data failed to load; retry re-runs the route's loaders. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  const code = typeof error === 'object' && error && 'error' in error ? String(error.error) : undefined;
  return (
    <ErrorState
      title={t('shell.routeError.thisPageCouldNot')}
      description={t('shell.routeError.somethingWentWrongWhile')}
      code={code}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
