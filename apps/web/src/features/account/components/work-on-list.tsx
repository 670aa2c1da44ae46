import type { Session } from '@mostrador/contracts';
import { errorText } from '../../../lib/i18n/error-messages.ts';
import { translate } from '../../../lib/i18n/i18n.ts';
import { useT } from '../../../lib/i18n/use-t.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { useSetActingAccount } from '../api/set-acting-account.ts';

/**
 * For a user on sellers' teams: which account the dashboard works on, its own or one it operates (decision 0103).
 * Pages then show that seller's orders and blocks, and offer only what the seller allowed.
 */
export function WorkOnList({ session, onDone }: { session: Session; onDone: () => void }) {
  const t = useT();
  const setActing = useSetActingAccount();
  const operated = session.operated_accounts ?? [];
  if (operated.length === 0 || !session.user) return null;
  const actingId = session.acting_for?.user_id ?? null;
  const choices = [
    { user_id: null, nickname: session.user.nickname, note: translate('account.workOnList.yourOwnAccount') },
    ...operated.map((a) => ({
      user_id: a.user_id,
      nickname: a.nickname,
      note: translate('account.workOnList.teamMember', { site_id: a.site_id }),
    })),
  ];
  return (
    <div className="mb-2 border-b border-line pb-2">
      <p className="px-2 pt-1 pb-2 text-xs text-muted" id="work-on-label">
        {t('account.workOnList.workOn')}
      </p>
      <ul aria-labelledby="work-on-label" className="flex flex-col gap-0.5">
        {choices.map((choice) => {
          const current = choice.user_id === actingId;
          return (
            <li key={choice.user_id ?? 'own'}>
              <button
                type="button"
                className="flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-subtle disabled:cursor-default"
                aria-current={current ? 'true' : undefined}
                disabled={current || setActing.isPending}
                onClick={() => setActing.mutate(choice.user_id, { onSuccess: onDone })}
              >
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="truncate">{choice.nickname}</span>
                  <span className="text-xs text-faint">{choice.note}</span>
                </span>
                {current ? (
                  <CheckIcon className="size-4 text-accent" aria-label={t('account.workOnList.current')} />
                ) : null}
                {current ? null : (
                  <span className="sr-only">{t('account.workOnList.workOnThisAccount')}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {setActing.isError ? (
        <p role="alert" className="px-2 pt-1 text-xs text-danger">
          {errorText(setActing.error)}
        </p>
      ) : null}
    </div>
  );
}
