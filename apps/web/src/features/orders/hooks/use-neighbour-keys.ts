import { useEffect } from 'react';
import type { Neighbours } from './use-neighbours.ts';

/** j or → opens the next order of the list, k or ← the previous one; keys typed in a field or a dialog are theirs. */
export function useNeighbourKeys(neighbours: Neighbours) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || document.querySelector('dialog[open]'))
        return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if ((event.key === 'j' || event.key === 'ArrowRight') && neighbours.next) neighbours.next();
      if ((event.key === 'k' || event.key === 'ArrowLeft') && neighbours.previous) neighbours.previous();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [neighbours]);
}
