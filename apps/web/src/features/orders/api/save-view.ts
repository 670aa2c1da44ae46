import { type SavedViewWrite, savedViewSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { savedViewsKey } from './get-saved-views.ts';

/** `POST /bff/saved-views`: keeps a view for the account and its team; one of the same name is replaced. */
export const saveView = (view: SavedViewWrite) =>
  request('/bff/saved-views', savedViewSchema, { method: 'POST', body: view });

export function useSaveView(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveView,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedViewsKey(accountId) }),
  });
}
