import { INSIGHTS_PERIOD_DAYS, type InsightsQuery } from '@mostrador/contracts';
import { type FormEvent, useState } from 'react';
import { cx } from '../../../../lib/class-names.ts';
import { useT } from '../../../../lib/i18n/use-t.tsx';
import { Button } from '../../../../ui/button.tsx';
import { Input } from '../../../../ui/input.tsx';

/**
 * The period: the last 7, 30 or 90 days, or a range of days of one's own. A preset applies at once; a range when
 * both days are chosen and applied (the page does not reload on every keystroke of a date).
 */
export function PeriodPicker({
  query,
  period,
  onChange,
}: {
  query: InsightsQuery;
  /** The period the page shows, as the server counted it: the custom range's fields start from it. */
  period: { from: string; to: string } | undefined;
  onChange: (next: InsightsQuery) => void;
}) {
  const t = useT();
  const custom = query.from !== undefined;
  const [editing, setEditing] = useState(custom);
  const [from, setFrom] = useState(query.from ?? period?.from ?? '');
  const [to, setTo] = useState(query.to ?? period?.to ?? '');
  const selected = editing ? 'custom' : (query.days ?? (custom ? 'custom' : '30'));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (from && to) onChange(from <= to ? { from, to } : { from: to, to: from });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <fieldset className="flex rounded-md border border-line-strong bg-surface p-0.5 shadow-xs">
        <legend className="sr-only">{t('sellerDay.period.period')}</legend>
        {INSIGHTS_PERIOD_DAYS.map((days) => (
          <button
            key={days}
            type="button"
            aria-pressed={selected === days}
            onClick={() => {
              setEditing(false);
              onChange({ days });
            }}
            className={cx(
              'h-7 rounded px-2.5 text-body font-medium tabular transition-colors',
              selected === days ? 'bg-subtle text-ink' : 'text-muted hover:text-ink',
            )}
          >
            {t('sellerDay.period.lastDays', { days: Number(days) })}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={selected === 'custom'}
          aria-expanded={editing}
          onClick={() => {
            setFrom((value) => value || period?.from || '');
            setTo((value) => value || period?.to || '');
            setEditing(true);
          }}
          className={cx(
            'h-7 rounded px-2.5 text-body font-medium transition-colors',
            selected === 'custom' ? 'bg-subtle text-ink' : 'text-muted hover:text-ink',
          )}
        >
          {t('sellerDay.period.custom')}
        </button>
      </fieldset>
      {editing ? (
        <form onSubmit={apply} className="flex flex-wrap items-center gap-2">
          <Input
            type="date"
            aria-label={t('sellerDay.period.from')}
            value={from}
            max={to || undefined}
            required
            onChange={(event) => setFrom(event.target.value)}
            className="w-36"
          />
          <span aria-hidden="true" className="text-muted">
            –
          </span>
          <Input
            type="date"
            aria-label={t('sellerDay.period.to')}
            value={to}
            min={from || undefined}
            required
            onChange={(event) => setTo(event.target.value)}
            className="w-36"
          />
          <Button type="submit" size="sm" variant="primary">
            {t('sellerDay.period.apply')}
          </Button>
        </form>
      ) : null}
    </div>
  );
}
