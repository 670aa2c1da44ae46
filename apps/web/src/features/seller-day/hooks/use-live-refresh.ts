import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvent } from '../../../lib/live-events.ts';
import { sellerDayKey } from '../api/get-today.ts';

/**
 * Reads the seller's day again when one of its orders changes (an `order_changed` event of the live stream): one read
 * at a time, and one more after it when changes came while it ran, so a burst of changes costs two reads, not one
 * per change, and the last change is never missed.
 */
export function useLiveRefresh(sellerId: number, fetching: boolean): void {
  const queryClient = useQueryClient();
  const waiting = useRef(false);
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: [...sellerDayKey] }, { cancelRefetch: false });
  useLiveEvent((event) => {
    if (event.user_id !== sellerId) return;
    if (fetching) waiting.current = true;
    else refresh();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a read ending is the trigger
  useEffect(() => {
    if (!fetching && waiting.current) {
      waiting.current = false;
      refresh();
    }
  }, [fetching]);
}
