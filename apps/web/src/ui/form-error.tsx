import type { ReactNode } from 'react';

/** Why a form or a confirmation did not go through, announced, in the danger tone. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-body text-danger-soft-ink">
      {children}
    </p>
  );
}
