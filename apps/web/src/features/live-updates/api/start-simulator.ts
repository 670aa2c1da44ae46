import { simulatorStatusSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { simulatorKey } from './get-simulator.ts';

export const startSimulator = (rate: number) =>
  request('/bff/simulator', simulatorStatusSchema, { method: 'POST', body: { rate } });

export function useStartSimulator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startSimulator,
    onSuccess: (status) => queryClient.setQueryData(simulatorKey, status),
  });
}
