import { simulatorStatusSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { simulatorKey } from './get-simulator.ts';

export const stopSimulator = () => request('/bff/simulator', simulatorStatusSchema, { method: 'DELETE' });

export function useStopSimulator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopSimulator,
    onSuccess: (status) => queryClient.setQueryData(simulatorKey, status),
  });
}
