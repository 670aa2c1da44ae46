import { Link } from '@tanstack/react-router';
import { AccountIcon } from '../../ui/icons.tsx';

/** Who is signed in. Sign-in arrives with the BFF session; until then it says so plainly. */
export function AccountArea() {
  return (
    <Link
      to="/account"
      className="flex h-8 items-center gap-2 rounded-md pr-2.5 pl-1 text-[13px] text-muted transition-colors hover:bg-subtle hover:text-ink"
    >
      <span className="grid size-6 place-items-center rounded-full bg-subtle text-muted ring-1 ring-line">
        <AccountIcon className="size-4" />
      </span>
      <span className="hidden sm:inline">Not signed in</span>
      <span className="sr-only sm:hidden">Account: not signed in</span>
    </Link>
  );
}
