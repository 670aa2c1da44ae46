import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cx } from '../lib/class-names.ts';
import { translate } from '../lib/i18n/i18n.ts';
import { useT } from '../lib/i18n/use-t.tsx';
import { cardClasses } from './card.tsx';
import { controlClasses } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';
import { useAnnounce } from './live-region.tsx';

export interface ComboboxOption {
  id: string;
  label: string;
  /** A second, quieter line (e.g. "City · Rocha, Uruguay"). */
  description?: string;
}

export interface ComboboxProps<Option extends ComboboxOption> {
  label: ReactNode;
  /** Names the control for announcements ("3 countries"). */
  noun?: { one: string; many: string };
  options: readonly Option[];
  /** The chosen option's id, or null. */
  value: string | null;
  onChange: (option: Option | null) => void;
  /**
   * Called as the user types. Without it the options are filtered here (accent- and case-insensitive); with it the
   * owner loads matching options (a server search) and passes them in.
   */
  onQueryChange?: (query: string) => void;
  loading?: boolean;
  disabled?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** Shown in the list when nothing matches. */
  emptyMessage?: string;
  className?: string;
  /** Longer lists are cut here; typing narrows them. */
  maxVisible?: number;
  /** The selected option's text shown in the input (defaults to its label). */
  displayValue?: (option: Option) => string;
  inputTestId?: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The ARIA 1.2 combobox pattern (editable, list autocomplete): the input keeps focus while `aria-activedescendant`
 * points at the active option. Arrows move (and open), Home/End jump to the ends of an open list, Enter chooses,
 * Escape closes (and a second Escape restores the chosen value), Tab leaves. Result counts, loading and "no results"
 * are announced through the app's polite live region.
 */
export function Combobox<Option extends ComboboxOption>({
  label,
  noun = { one: translate('ui.combobox.result'), many: translate('ui.combobox.results') },
  options,
  value,
  onChange,
  onQueryChange,
  loading = false,
  disabled = false,
  placeholder,
  hint,
  error,
  emptyMessage = translate('ui.combobox.noMatches'),
  className,
  maxVisible = 100,
  displayValue = (option) => option.label,
  inputTestId,
}: ComboboxProps<Option>) {
  const t = useT();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const descriptionId = `${id}-description`;
  const announce = useAnnounce();
  const selected = useMemo(() => options.find((option) => option.id === value) ?? null, [options, value]);
  const selectedText = selected ? displayValue(selected) : '';

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);

  const text = query ?? selectedText;
  const filtered = useMemo(() => {
    if (onQueryChange || query === null || query.trim() === '') return options;
    const q = fold(query.trim());
    const starts: Option[] = [];
    const contains: Option[] = [];
    for (const option of options) {
      const name = fold(option.label);
      if (name.startsWith(q)) starts.push(option);
      else if (name.includes(q)) contains.push(option);
    }
    return [...starts, ...contains];
  }, [options, query, onQueryChange]);
  const visible = filtered.slice(0, maxVisible);
  const optionId = (index: number) => `${id}-option-${index}`;

  // Tell screen-reader users what the list holds after they type (not on every render).
  const lastAnnounced = useRef('');
  useEffect(() => {
    if (!open) {
      lastAnnounced.current = '';
      return;
    }
    const message = loading
      ? translate('ui.combobox.loading')
      : filtered.length === 0
        ? emptyMessage
        : filtered.length > maxVisible
          ? translate('ui.combobox.countFirstShown', {
              count: filtered.length,
              one: noun.one,
              many: noun.many,
              shown: maxVisible,
            })
          : translate('ui.combobox.count', { count: filtered.length, one: noun.one, many: noun.many });
    if (message === lastAnnounced.current) return;
    lastAnnounced.current = message;
    const timer = setTimeout(() => announce(message), loading ? 0 : 300);
    return () => clearTimeout(timer);
  }, [open, loading, filtered.length, emptyMessage, noun, maxVisible, announce]);

  // Keep the active option in view.
  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const openList = (activeIndex: number) => {
    setOpen(true);
    setActive(activeIndex);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: Option) => {
    setQuery(null);
    close();
    onChange(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = visible.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open)
          openList(
            Math.max(
              0,
              visible.findIndex((o) => o.id === value),
            ),
          );
        else setActive((index) => (index >= last ? 0 : index + 1));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList(last);
        else setActive((index) => (index <= 0 ? last : index - 1));
        return;
      case 'Home':
      case 'End':
        if (!open || visible.length === 0) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : last);
        return;
      case 'Enter': {
        const option = visible[active];
        if (open && option) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (query !== null) {
          event.preventDefault();
          setQuery(null);
        }
        return;
      case 'Tab':
        close();
        setQuery(null);
        return;
    }
  };

  const description = error ?? hint;

  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-body font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={inputId}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 && visible[active] ? optionId(active) : undefined}
          aria-describedby={description ? descriptionId : undefined}
          aria-invalid={error ? true : undefined}
          aria-busy={loading || undefined}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={placeholder}
          value={text}
          data-testid={inputTestId}
          className={cx(controlClasses, 'pr-8')}
          onChange={(event) => {
            setQuery(event.target.value);
            onQueryChange?.(event.target.value);
            openList(event.target.value.trim() === '' ? -1 : 0);
          }}
          onKeyDown={onKeyDown}
          onClick={() =>
            open
              ? close()
              : openList(
                  Math.max(
                    -1,
                    visible.findIndex((o) => o.id === value),
                  ),
                )
          }
          onBlur={() => {
            close();
            setQuery(null);
          }}
        />
        <ChevronDownIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted"
        />
        <div
          id={listId}
          role="listbox"
          aria-label={typeof label === 'string' ? label : undefined}
          hidden={!open}
          className={cardClasses(
            'raised',
            'absolute top-full right-0 left-0 z-30 mt-1 max-h-64 overflow-y-auto p-1 text-sm shadow-lg',
          )}
        >
          {loading && visible.length === 0 ? (
            <div className="px-2 py-1.5 text-muted" aria-hidden="true">
              {t('ui.combobox.loading')}
            </div>
          ) : null}
          {!loading && visible.length === 0 ? (
            <div className="px-2 py-1.5 text-muted" aria-hidden="true">
              {emptyMessage}
            </div>
          ) : null}
          {visible.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: focus stays in the input (aria-activedescendant), whose keys choose options
            <div
              key={option.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={option.id === value}
              // Pointer down would blur the input before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => active !== index && setActive(index)}
              className={cx(
                'flex cursor-default flex-col rounded-md px-2 py-1.5',
                index === active && 'bg-accent-soft text-accent-soft-ink',
                option.id === value && 'font-medium',
              )}
            >
              <span className="truncate">{option.label}</span>
              {option.description ? (
                <span className={cx('truncate text-xs', index === active ? 'opacity-80' : 'text-muted')}>
                  {option.description}
                </span>
              ) : null}
            </div>
          ))}
          {filtered.length > maxVisible ? (
            <div className="px-2 py-1.5 text-xs text-muted" aria-hidden="true">
              {translate('ui.combobox.keepTyping', { count: filtered.length - maxVisible })}
            </div>
          ) : null}
        </div>
      </div>
      {description ? (
        <p id={descriptionId} className={cx('text-xs', error ? 'text-danger' : 'text-muted')}>
          {description}
        </p>
      ) : null}
    </div>
  );
}
