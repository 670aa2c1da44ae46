import { useT } from '../../../lib/i18n/use-t.tsx';
import { Button } from '../../../ui/button.tsx';
import { useSetActingAccount } from '../api/set-acting-account.ts';

/** One button per seller account a team member operates: work on it (decision 0103). */
export function WorkOnButtons({ accounts }: { accounts: readonly { user_id: number; nickname: string }[] }) {
  const t = useT();
  const setActing = useSetActingAccount();
  return (
    <div className="flex flex-wrap justify-center gap-2">
      {accounts.map((account) => (
        <Button
          key={account.user_id}
          variant="primary"
          disabled={setActing.isPending}
          onClick={() => setActing.mutate(account.user_id)}
        >
          {t('account.workOnButtons.workOn', { nickname: account.nickname })}
        </Button>
      ))}
    </div>
  );
}
