import type { ComponentType } from 'react';
import { Badge } from '../../ui/badge.tsx';
import { CheckIcon, type IconProps } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export interface WorkspacePlaceholderProps {
  title: string;
  description: string;
  icon: ComponentType<IconProps>;
  /** What the page will let the seller do, in their words. */
  planned: readonly string[];
}

/** A workspace that is not built yet: says what it is for and what will be here, nothing invented. */
export function WorkspacePlaceholder({ title, description, icon: Icon, planned }: WorkspacePlaceholderProps) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="px-6 py-6">
        <section
          aria-labelledby="planned-heading"
          className="max-w-2xl rounded-lg border border-line bg-surface-sunken p-5"
        >
          <div className="flex items-center gap-3">
            <span className="grid size-9 place-items-center rounded-lg border border-line bg-surface text-accent shadow-xs">
              <Icon className="size-[18px]" />
            </span>
            <div className="min-w-0 flex-1">
              <h2 id="planned-heading" className="text-sm font-semibold text-ink">
                What this page will do
              </h2>
              <p className="text-[13px] text-muted">This workspace is not built yet.</p>
            </div>
            <Badge tone="accent" dot>
              Planned
            </Badge>
          </div>
          <ul className="mt-4 flex flex-col gap-2.5 border-t border-line pt-4">
            {planned.map((item) => (
              <li key={item} className="flex gap-2.5 text-[13px] leading-5 text-ink">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-faint" />
                {item}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
