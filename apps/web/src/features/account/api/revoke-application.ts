import { applicationRevocationSchema } from '@mostrador/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';

export interface RevokeApplicationInput {
  userId: number;
  applicationId: number;
}

/**
 * `DELETE /api/users/{id}/applications/{app_id}`: every token the user granted the application stops working at
 * once. Nothing is invalidated here: when the application is the one this session signs in through, the next call
 * would be refused, so the caller decides where to go.
 */
export const revokeApplication = ({ userId, applicationId }: RevokeApplicationInput) =>
  request(`/api/users/${userId}/applications/${applicationId}`, applicationRevocationSchema, {
    method: 'DELETE',
  });

export const useRevokeApplication = () => useMutation({ mutationFn: revokeApplication });
