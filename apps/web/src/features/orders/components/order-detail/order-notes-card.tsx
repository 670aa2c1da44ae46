import { ORDER_NOTE_MAX_LENGTH, ORDER_NOTES_MAX, orderNoteWriteSchema } from '@mostrador/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiClientError } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../lib/format.ts';
import { errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { T, useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Card } from '../../../../ui/card.tsx';
import { FormError } from '../../../../ui/form-error.tsx';
import { useAnnounce } from '../../../../ui/live-region.tsx';
import { QueryState } from '../../../../ui/query-state.tsx';
import { Skeleton } from '../../../../ui/skeleton.tsx';
import { TextareaField } from '../../../../ui/textarea.tsx';
import { useAddOrderNote } from '../../api/add-order-note.ts';
import { orderNotesQueryOptions } from '../../api/get-order-notes.ts';

export interface NotesAccount {
  /** The seller account the notes belong to. */
  sellerId: number;
  /** Who writes: the seller, or the team member acting for it. */
  author: { user_id: number; nickname: string };
}

/**
 * The team's internal notes on the order, beside its history: a field to add one, then the notes with their author
 * and time, newest first, a page at a time ("Show older notes"). The seller and the team members acting for it
 * share them; the buyer never sees them.
 */
export function OrderNotesCard({
  orderId,
  account,
  locale,
}: {
  orderId: number;
  account: NotesAccount;
  locale: string;
}) {
  const t = useT();
  const announce = useAnnounce();
  const notes = useInfiniteQuery(orderNotesQueryOptions(account.sellerId, orderId));
  const add = useAddOrderNote(account, orderId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!orderNoteWriteSchema.safeParse({ text }).success) {
      setError(translate('orders.orderNotes.writeSomething'));
      return;
    }
    const written = text;
    setText('');
    add.mutate(written, {
      onSuccess: () => announce(translate('orders.orderNotes.added')),
      // The text comes back to the field, so nothing typed is lost.
      onError: () => setText(written),
    });
  };

  const notSaved = (error: unknown) =>
    error instanceof ApiClientError && error.hasCause('order_notes_full')
      ? translate('orders.orderNotes.full', { max: ORDER_NOTES_MAX })
      : translate('orders.orderNotes.notSaved', { reason: errorText(error) });

  return (
    <Card title={t('orders.orderNotes.title')}>
      <p className="mb-3 text-xs text-muted">{t('orders.orderNotes.whoSees')}</p>
      <form onSubmit={submit} className="mb-4 flex flex-col gap-2" noValidate>
        <TextareaField
          label={t('orders.orderNotes.newNote')}
          name="note"
          rows={2}
          maxLength={ORDER_NOTE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error}
          hint={translate('orders.orderNotes.length', { count: text.length, max: ORDER_NOTE_MAX_LENGTH })}
        />
        {add.error ? <FormError>{notSaved(add.error)}</FormError> : null}
        <Button type="submit" size="sm" variant="primary" pending={add.isPending} className="self-start">
          {t('orders.orderNotes.add')}
        </Button>
      </form>
      <QueryState
        query={notes}
        compact
        loading={<Skeleton className="h-12" />}
        error={{ title: translate('orders.orderNotes.couldNotRead') }}
      >
        {(data) => {
          const shown = data.pages.flatMap((page) => page.notes);
          if (shown.length === 0) return <p className="text-muted">{t('orders.orderNotes.none')}</p>;
          return (
            <>
              <ol className="flex flex-col gap-3" aria-label={t('orders.orderNotes.title')}>
                {shown.map((note) => {
                  const saving = note.id === Number.MAX_SAFE_INTEGER;
                  return (
                    <li key={note.id} className="flex gap-3">
                      <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-accent" />
                      <div className="min-w-0">
                        <p className="whitespace-pre-wrap break-words text-ink">{note.text}</p>
                        <p className="text-xs text-muted">
                          {saving ? (
                            t('orders.orderNotes.saving')
                          ) : (
                            <T
                              id="orders.orderNotes.byWhom"
                              values={{
                                author: note.author.nickname,
                                time: formatDate(note.created_at, locale),
                              }}
                              components={{ 0: <time dateTime={note.created_at} /> }}
                            />
                          )}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ol>
              {notes.hasNextPage ? (
                <Button
                  size="sm"
                  className="mt-3"
                  pending={notes.isFetchingNextPage}
                  onClick={() => notes.fetchNextPage()}
                >
                  {t('orders.orderNotes.showOlder')}
                </Button>
              ) : null}
              {notes.isFetchNextPageError ? (
                <FormError>{translate('orders.orderNotes.couldNotRead')}</FormError>
              ) : null}
            </>
          );
        }}
      </QueryState>
    </Card>
  );
}
