import type { ErrorComponentProps } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { ErrorState } from '../../ui/error-state.tsx';

/** Shown in place of a page whose code or data failed to load; retry re-runs the route's loaders. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const code = typeof error === 'object' && error && 'error' in error ? String(error.error) : undefined;
  return (
    <ErrorState
      title="This page could not be loaded"
      description="Something went wrong while loading it. Your data is safe; try again in a moment."
      code={code}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
