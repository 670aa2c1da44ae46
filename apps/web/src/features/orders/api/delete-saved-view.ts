import type { SavedView } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/api-client.ts';
import { savedViewsKey } from './get-saved-views.ts';

/** `DELETE /bff/saved-views/{id}`: removes the view for the whole team (204, no body). */
export const deleteSavedView = (id: string) =>
  request(`/bff/saved-views/${encodeURIComponent(id)}`, z.undefined(), { method: 'DELETE' });

/** Gone from the menu at once; back if the server refused. */
export function useDeleteSavedView(accountId: number) {
  const queryClient = useQueryClient();
  const key = savedViewsKey(accountId);
  return useMutation({
    mutationFn: deleteSavedView,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<SavedView[]>(key);
      queryClient.setQueryData<SavedView[]>(key, (views) => views?.filter((view) => view.id !== id));
      return { before };
    },
    onError: (_error, _id, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
