import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { savedViewsKey, savedViewsQueryOptions } from '../api/get-saved-views.ts';
import { importSavedViews } from '../api/import-saved-views.ts';
import { forgetLegacyViews, legacyViews } from '../model/saved-views.ts';

/**
 * The account's saved views (kept by the server, shared with its team). The views this browser kept before go to
 * the account open first, once: forgotten here only after the server has them.
 */
export function useSavedViews(accountId: number) {
  const queryClient = useQueryClient();
  const query = useQuery(savedViewsQueryOptions(accountId));
  const importing = useRef(false);
  useEffect(() => {
    if (!query.isSuccess || importing.current) return;
    const legacy = legacyViews();
    if (legacy.length === 0) {
      forgetLegacyViews();
      return;
    }
    importing.current = true;
    importSavedViews(legacy).then(
      ({ views }) => {
        forgetLegacyViews();
        queryClient.setQueryData(savedViewsKey(accountId), views);
      },
      // Kept for a later visit (an account this member may not keep views for, the server away).
      () => {},
    );
  }, [query.isSuccess, accountId, queryClient]);
  return query;
}
