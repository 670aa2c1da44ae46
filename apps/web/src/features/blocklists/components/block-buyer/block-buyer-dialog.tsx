import {
  BLOCK_LISTS,
  BLOCK_NOTE_MAX_LENGTH,
  BLOCK_REASONS,
  type BlockList,
  type BlockReason,
} from '@mostrador/contracts';
import { type FormEvent, useState } from 'react';
import { ApiClientError } from '../../../../lib/api-client.ts';
import { errorMessage, errorText } from '../../../../lib/i18n/error-messages.ts';
import { translate } from '../../../../lib/i18n/i18n.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { CheckboxGroup } from '../../../../ui/checkbox-group.tsx';
import { Dialog } from '../../../../ui/dialog.tsx';
import { FormError } from '../../../../ui/form-error.tsx';
import { SelectField } from '../../../../ui/select-field.tsx';
import { TextField } from '../../../../ui/text-field.tsx';
import { TextareaField } from '../../../../ui/textarea.tsx';
import { useBlockBuyer } from '../../api/block-buyer.ts';
import { type ResolvedBuyer, resolveBuyer } from '../../api/resolve-buyer.ts';
import { LIST_CHOICES, REASON_LABELS } from '../block-labels.ts';
import { BlockedUndoToast } from './blocked-undo-toast.tsx';

export interface BlockBuyerDialogProps {
  open: boolean;
  onClose: () => void;
  seller: { id: number; siteId: string | null };
  defaultList: BlockList;
  /** The buyer, when the page already knows who (an order's buyer); otherwise typed by id or nickname. */
  buyer?: ResolvedBuyer;
  /** Several buyers the page picked (the buyers of orders selected in the list): blocked together, listed first. */
  buyers?: readonly ResolvedBuyer[];
  /** Once every buyer is blocked: the first one, the lists (one or both), and all of them. */
  onBlocked: (buyer: ResolvedBuyer, lists: readonly BlockList[], all: readonly ResolvedBuyer[]) => void;
}

const REASON_OPTIONS = BLOCK_REASONS.map((reason) => ({
  value: reason,
  get label() {
    return REASON_LABELS[reason];
  },
}));

/** The lists chosen, in the order the dialog offers them: `order` before `questions`. */
const inOrder = (lists: readonly BlockList[]) => BLOCK_LISTS.filter((list) => lists.includes(list));

/**
 * Block a buyer from buying, from asking questions or from both at once, with the reason and a note kept by the BFF
 * for the team: the buyer typed by id or nickname, or the one the page names (an order's buyer). The one dialog for
 * blocking, wherever it is offered. Buyers the page picked (several) are blocked together, and what was done stays
 * said after the dialog closes, with an undo.
 */
export function BlockBuyerDialog({
  open,
  onClose,
  seller,
  defaultList,
  buyer: one,
  buyers: many,
  onBlocked,
}: BlockBuyerDialogProps) {
  const known = one ?? (many?.length === 1 ? many[0] : undefined);
  const several = many && many.length > 1 ? many : undefined;
  const t = useT();
  const [buyer, setBuyer] = useState('');
  const [lists, setLists] = useState<readonly BlockList[]>([defaultList]);
  const [listsError, setListsError] = useState<string | null>(null);
  /** The last block of picked buyers, said in a toast with its undo. */
  const [done, setDone] = useState<{ buyers: readonly ResolvedBuyer[]; lists: readonly BlockList[] } | null>(
    null,
  );
  const [reason, setReason] = useState<BlockReason>('non_payment');
  const [note, setNote] = useState('');
  const [buyerError, setBuyerError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const block = useBlockBuyer();

  const reset = () => {
    setBuyer('');
    setNote('');
    setReason('non_payment');
    setBuyerError(null);
    setListsError(null);
    setFormError(null);
    block.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBuyerError(null);
    setListsError(null);
    setFormError(null);
    if (lists.length === 0) {
      setListsError(translate('blocklists.blockBuyerDialog.chooseAList'));
      return;
    }
    if (!known && !several && !buyer.trim()) {
      setBuyerError(translate('blocklists.blockBuyerDialog.enterTheBuyerS'));
      return;
    }
    setResolving(true);
    try {
      if (several) {
        // One after the other, so a refusal names its buyer; those already blocked stay blocked.
        const refused: string[] = [];
        for (const target of several) {
          try {
            for (const list of lists)
              await block.mutateAsync({
                sellerId: seller.id,
                buyerId: target.id,
                list,
                note: { reason, note },
              });
          } catch (error) {
            refused.push(
              translate('blocklists.blockBuyerDialog.refusedFor', {
                nickname: target.nickname,
                reason: error instanceof ApiClientError ? errorMessage(error.error) : errorText(error),
              }),
            );
          }
        }
        if (refused.length > 0) {
          setFormError(
            translate('blocklists.blockBuyerDialog.someNotBlocked', {
              blocked: several.length - refused.length,
              total: several.length,
              refused: refused.join(' '),
            }),
          );
          return;
        }
        onBlocked(several[0]!, lists, several);
        setDone({ buyers: several, lists });
        reset();
        return;
      }
      const found = known ?? (await resolveBuyer(buyer, seller));
      if (found === 'yourself') {
        setBuyerError(translate('blocklists.blockBuyerDialog.thatIsYourOwn'));
        return;
      }
      if (found === 'not_found') {
        setBuyerError(translate('blocklists.blockBuyerDialog.noBuyerWithThat'));
        return;
      }
      for (const list of lists)
        await block.mutateAsync({ sellerId: seller.id, buyerId: found.id, list, note: { reason, note } });
      onBlocked(found, lists, [found]);
      if (many) setDone({ buyers: [found], lists });
      reset();
    } catch (error) {
      setFormError(
        error instanceof ApiClientError
          ? translate('blocklists.blockBuyerDialog.refused', { reason: errorMessage(error.error) })
          : translate('blocklists.blockBuyerDialog.notSaved'),
      );
    } finally {
      setResolving(false);
    }
  };

  return (
    <>
      <Dialog
        open={open}
        onClose={close}
        title={
          several
            ? translate('blocklists.blockBuyerDialog.blockSeveral', { count: several.length })
            : known
              ? translate('blocklists.blockBuyerDialog.block2', { nickname: known.nickname })
              : t('blocklists.blockBuyerDialog.blockABuyer')
        }
        description={
          several
            ? t('blocklists.blockBuyerDialog.theBuyersAreNot')
            : known
              ? t('blocklists.blockBuyerDialog.theBuyerIsNot')
              : t('blocklists.blockBuyerDialog.theMarketplaceEnforcesThe')
        }
      >
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          {several ? (
            <ul
              aria-label={t('blocklists.blockBuyerDialog.buyersToBlock')}
              className="max-h-40 overflow-y-auto rounded-md border border-line bg-subtle px-3 py-2 text-body text-ink"
            >
              {several.map((target) => (
                <li key={target.id}>{target.nickname}</li>
              ))}
            </ul>
          ) : null}
          {known || several ? null : (
            <TextField
              label={t('blocklists.blockBuyerDialog.buyer')}
              name="buyer"
              placeholder={t('blocklists.blockBuyerDialog.userIdOrNickname')}
              autoComplete="off"
              value={buyer}
              onChange={(event) => setBuyer(event.target.value)}
              error={buyerError}
              hint={t('blocklists.blockBuyerDialog.aUserIdSuch')}
            />
          )}
          <CheckboxGroup
            legend={t('blocklists.blockBuyerDialog.blockFrom')}
            name="lists"
            options={BLOCK_LISTS.map((id) => ({ value: id, label: LIST_CHOICES[id] }))}
            value={lists}
            onChange={(next) => setLists(inOrder(next))}
            error={listsError}
            row
          />
          <SelectField
            label={t('blocklists.blockBuyerDialog.reason')}
            name="reason"
            options={REASON_OPTIONS}
            value={reason}
            onChange={(event) => setReason(event.target.value as BlockReason)}
          />
          <TextareaField
            label={t('blocklists.blockBuyerDialog.note')}
            name="note"
            maxLength={BLOCK_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            hint={translate('blocklists.blockBuyerDialog.optionalWhatHappenedFor', {
              noteCount: note.length,
              BLOCK_NOTE_MAX_LENGTH,
            })}
          />
          {formError ? <FormError>{formError}</FormError> : null}
          <div className="flex justify-end gap-2 pt-1">
            <Button onClick={close}>{t('blocklists.blockBuyerDialog.cancel')}</Button>
            <Button type="submit" variant="danger" pending={resolving || block.isPending}>
              {several
                ? translate('blocklists.blockBuyerDialog.blockCount', { count: several.length })
                : known
                  ? t('blocklists.blockBuyerDialog.block')
                  : lists.length === 1
                    ? translate('blocklists.blockBuyerDialog.blockFromList', { list: lists[0]! })
                    : lists.length > 1
                      ? t('blocklists.blockBuyerDialog.blockFromBoth')
                      : t('blocklists.blockBuyerDialog.block')}
            </Button>
          </div>
        </form>
      </Dialog>
      {done ? (
        <BlockedUndoToast
          key={`${done.lists.join('+')}-${done.buyers.map((b) => b.id).join(',')}`}
          sellerId={seller.id}
          blocked={done}
          onDone={() => setDone(null)}
        />
      ) : null}
    </>
  );
}
