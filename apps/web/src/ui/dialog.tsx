import { type ReactNode, type Ref, useEffect, useId, useRef } from 'react';
import { cx } from '../lib/class-names.ts';
import { useT } from '../lib/i18n/use-t.tsx';
import { Button } from './button.tsx';

export interface DialogProps {
  open: boolean;
  /** Escape, the backdrop or a cancel button: the owner sets `open` to false. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** The buttons, right-aligned; put the safe choice first so it is the one focused. */
  footer?: ReactNode;
  /** A confirmation's buttons instead of `footer`: Cancel (which closes, and is focused first) and the action. */
  confirm?: { label: string; variant?: 'primary' | 'danger'; pending?: boolean; onConfirm: () => void };
  className?: string;
  ref?: Ref<HTMLDialogElement>;
}

/**
 * A modal built on `<dialog>` + `showModal()`: focus moves in and is contained, Escape closes it, the rest of the
 * page is inert, and focus returns to the control that opened it when it closes.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  confirm,
  className,
}: DialogProps) {
  const t = useT();
  const buttons = confirm ? (
    <>
      <Button onClick={onClose}>{t('ui.dialog.cancel')}</Button>
      <Button variant={confirm.variant ?? 'primary'} pending={confirm.pending} onClick={confirm.onConfirm}>
        {confirm.label}
      </Button>
    </>
  ) : (
    footer
  );
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which <dialog> handles
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={cx(
        'm-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/40',
        className,
      )}
    >
      {open ? (
        <div className="flex flex-col gap-4 p-5">
          <div>
            <h2 id={titleId} className="text-lead font-semibold tracking-tight">
              {title}
            </h2>
            {description ? (
              <div id={descriptionId} className="mt-1.5 text-sm text-muted">
                {description}
              </div>
            ) : null}
          </div>
          {children}
          {buttons ? <div className="flex justify-end gap-2 pt-1">{buttons}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
