import type { ReactNode } from 'react';
import { errorText } from '../lib/i18n/error-messages.ts';
import { EmptyState, type EmptyStateProps } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { Skeleton } from './skeleton.tsx';

/** What QueryState reads of a query: React Query's result has it all. */
export interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
  refetch: () => unknown;
}

interface CommonProps<T> {
  query: QueryLike<T>;
  /** A failed first read: its title, and a description (by default, the error's own message). */
  error: { title: string; description?: ReactNode; className?: string };
  /** Whether the answer holds nothing to show; then `empty` is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: Omit<EmptyStateProps, 'compact'>;
  /** Inside a card: the error and the empty state as quiet lines, not centred blocks. */
  compact?: boolean;
}

export type QueryStateProps<T> = CommonProps<T> &
  (
    | {
        /** The answer, once there is one (also while a newer one loads, or after a later read failed). */
        children: (data: T) => ReactNode;
        /** Stands in until the first answer: one skeleton block by default (null: nothing). */
        loading?: ReactNode;
        pending?: never;
      }
    | {
        /**
         * `children`: the children draw the wait themselves (a table's skeleton rows, its empty state), so they are
         * called without data until the first answer.
         */
        pending: 'children';
        children: (data: T | undefined) => ReactNode;
        loading?: never;
      }
  );

/** The machine code an API error carries (`ApiClientError.error`), for support to find. */
function codeOf(error: Error): string | undefined {
  const code = (error as { error?: unknown }).error;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The three states every read goes through before it shows anything: loading (a skeleton), failed (an error with
 * a retry) and empty, then the data. Data already shown stays while a refetch runs or fails.
 */
export function QueryState<T>(props: QueryStateProps<T>) {
  const { query, error, isEmpty, empty, compact = false } = props;
  if (query.data === undefined) {
    if (query.error) {
      return (
        <ErrorState
          compact={compact}
          title={error.title}
          description={error.description ?? errorText(query.error)}
          code={codeOf(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className={error.className}
        />
      );
    }
    if (props.pending === 'children') return <>{props.children(undefined)}</>;
    return <>{props.loading === undefined ? <Skeleton className="h-16 w-full" /> : props.loading}</>;
  }
  if (empty && isEmpty?.(query.data)) return <EmptyState compact={compact} {...empty} />;
  return <>{props.children(query.data)}</>;
}
