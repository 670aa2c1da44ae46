import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLiveEvent } from '../../../lib/live-events.ts';
import { sellerDayKey } from '../api/get-today.ts';

/**
 * The pause between an order's change and the read of the day it starts: changes that come together (a burst of
 * notifications, a simulator) are read once, and the BFF's projection, which applies the order it has just read
 * beside the event, has its turn first.
 */
const SETTLE_MS = 300;

/**
 * Reads the seller's day again when one of its orders changes (an `order_changed` event of the live stream): one read
 * at a time, and one more after it when changes came while it ran, so a burst costs two reads, not one per change,
 * and the last change is never missed.
 */
export function useLiveRefresh(sellerId: number, fetching: boolean): void {
  const queryClient = useQueryClient();
  const due = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const waiting = useRef(false);
  const fetchingNow = useRef(fetching);
  fetchingNow.current = fetching;

  const refresh = () => {
    if (fetchingNow.current) {
      waiting.current = true;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: [...sellerDayKey] }, { cancelRefetch: false });
  };

  useLiveEvent((event) => {
    if (event.user_id !== sellerId || due.current !== undefined) return;
    due.current = setTimeout(() => {
      due.current = undefined;
      refresh();
    }, SETTLE_MS);
  });
  useEffect(() => () => clearTimeout(due.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a read ending is the trigger
  useEffect(() => {
    if (!fetching && waiting.current) {
      waiting.current = false;
      refresh();
    }
  }, [fetching]);
}
