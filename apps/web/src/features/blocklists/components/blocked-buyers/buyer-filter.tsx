import type { BlockList } from '@mostrador/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Input } from '../../../../ui/input.tsx';
import { SearchIcon } from '../../../../ui/workspace-icons.tsx';
import { findBlockedBuyers } from '../../api/find-blocked-buyers.ts';
import type { ResolvedBuyer } from '../../api/resolve-buyer.ts';

/**
 * Narrows the list to one buyer, typed by id, nickname or part of one. One blocked buyer found is applied; none, or
 * several, go to `onFound`, so the list stops showing the previous answer.
 */
export function BuyerFilter({
  initial,
  seller,
  list,
  onApply,
  onFound,
}: {
  initial: string;
  seller: { id: number; callerId: number };
  list: BlockList;
  onApply: (buyer: number | undefined) => void;
  onFound: (text: string, buyers: ResolvedBuyer[]) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!text.trim()) {
      onApply(undefined);
      return;
    }
    setPending(true);
    try {
      const found = await findBlockedBuyers(text, { seller, list, queryClient });
      if (found.length === 1 && found[0]) onApply(found[0].id);
      else onFound(text.trim(), found);
    } catch {
      setError(translate('blocklists.buyerFilter.theBuyerCouldNot'));
    } finally {
      setPending(false);
    }
  };

  return (
    <search>
      <form onSubmit={submit} className="mb-3 flex flex-wrap items-start gap-2" noValidate>
        <div className="flex min-w-64 flex-col gap-1">
          <label htmlFor="block-filter" className="sr-only">
            {t('blocklists.buyerFilter.findABlockedBuyer')}
          </label>
          <div className="relative">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-faint" />
            <Input
              id="block-filter"
              className="w-72 pl-8"
              placeholder={t('blocklists.buyerFilter.findByBuyerId')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'block-filter-error' : undefined}
            />
          </div>
          {error ? (
            <p id="block-filter-error" className="text-xs text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <Button type="submit" pending={pending}>
          {t('blocklists.buyerFilter.find')}
        </Button>
        {initial ? (
          <Button variant="ghost" onClick={() => onApply(undefined)}>
            {t('blocklists.buyerFilter.clear')}
          </Button>
        ) : null}
      </form>
    </search>
  );
}
