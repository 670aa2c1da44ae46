import { notificationsReactivationSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { myFeedsKey } from './get-my-feeds.ts';

/** `POST /api/applications/{id}/notifications/reactivate`: turns notifications back on after repeated failures. */
export const reactivateNotifications = (applicationId: number) =>
  request(`/api/applications/${applicationId}/notifications/reactivate`, notificationsReactivationSchema, {
    method: 'POST',
  });

export function useReactivateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateNotifications,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myFeedsKey }),
  });
}
