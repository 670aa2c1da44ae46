import { AccountIcon } from '../../../ui/icons.tsx';

/** The header's account control: a quiet button (or link) with the avatar and the name. */
export const accountTriggerClasses =
  'flex h-8 items-center gap-2 rounded-md pr-2.5 pl-1 text-body text-muted transition-colors hover:bg-subtle hover:text-ink';

/** The signed-in person, as a round icon. */
export function AccountAvatar() {
  return (
    <span className="grid size-6 place-items-center rounded-full bg-subtle text-muted ring-1 ring-line">
      <AccountIcon className="size-4" />
    </span>
  );
}
