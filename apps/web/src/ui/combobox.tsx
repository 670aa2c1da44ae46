import { type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import {
  ComboBox,
  type ComboBoxState,
  ComboBoxStateContext,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components/ComboBox';
import { cx } from '../lib/class-names.ts';
import { translate } from '../lib/i18n/i18n.ts';
import { useT } from '../lib/i18n/use-t.tsx';
import { AriaLocale } from './aria-locale.tsx';
import { cardClasses } from './card.tsx';
import { controlClasses } from './field.tsx';
import { ChevronDownIcon } from './icons.tsx';

export interface ComboboxOption {
  id: string;
  label: string;
  /** A second, quieter line (e.g. "City · Rocha, Uruguay"). */
  description?: string;
}

export interface ComboboxProps<Option extends ComboboxOption> {
  label: string;
  options: readonly Option[];
  /** The chosen option's id, or null. */
  value: string | null;
  onChange: (option: Option | null) => void;
  /**
   * Called as the user types. Without it the options are filtered here (accent- and case-insensitive, the names that
   * start with the text first); with it the owner loads matching options (a server search) and passes them in.
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
  /** The selected option's text shown in the input (defaults to its label). */
  displayValue?: (option: Option) => string;
  inputTestId?: string;
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether an option's text matches what was typed: accent- and case-insensitively, anywhere in it. */
const matches = (text: string, typed: string) => fold(text).includes(fold(typed.trim()));

/** The options with those whose names start with the typed text first, each group in its own order. */
function startsFirst<Option extends ComboboxOption>(options: readonly Option[], typed: string): Option[] {
  const q = fold(typed.trim());
  const starts = (option: Option) => fold(option.label).startsWith(q);
  return [...options.filter(starts), ...options.filter((option) => !starts(option))];
}

/**
 * React Aria's combobox (editable, list autocomplete): the input keeps focus while `aria-activedescendant` points at
 * the active option. Typing filters and makes the first match active, arrows move (wrapping) and open, Home/End
 * jump to the ends of an open list, Enter chooses, Escape closes and puts the chosen value back, a click on the input
 * opens or closes the list. React Aria announces how many options the list holds, through its own live region: while
 * the list is open it hides the rest of the page from screen readers, the app's live region too. Loading shows in the
 * list and marks the input busy.
 */
export function Combobox<Option extends ComboboxOption>({
  label,
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
  displayValue = (option) => option.label,
  inputTestId,
}: ComboboxProps<Option>) {
  const t = useT();
  const selected = useMemo(() => options.find((option) => option.id === value) ?? null, [options, value]);
  const selectedText = selected ? displayValue(selected) : '';
  // What the user typed since the last choice; null while the input shows the chosen option (every option offered).
  const [query, setQuery] = useState<string | null>(null);
  // A search box (the owner searches) keeps no value: what was picked in it is held here until the user types again,
  // so the list closes on the choice as it does when the owner's value changes.
  const [picked, setPicked] = useState<string | null>(null);
  const chosen = onQueryChange ? picked : value;
  const typing = query !== null && query.trim() !== '';
  // Filtered by React Aria (it keeps every option, so the chosen one is known while the typed text hides it); an
  // owner that searches by itself passes the matches.
  const ordered = useMemo(
    () => (typing ? startsFirst(options, query ?? '') : options),
    [options, query, typing],
  );

  const description = error ?? hint;
  return (
    <AriaLocale>
      <ComboBox<Option>
        className={cx('flex flex-col gap-1.5', className)}
        {...(onQueryChange ? { items: options } : { defaultItems: ordered, defaultFilter: matches })}
        selectedKey={chosen}
        inputValue={query ?? selectedText}
        onInputChange={(text) => {
          setQuery(text);
          setPicked(null);
          onQueryChange?.(text);
        }}
        onSelectionChange={(key) => {
          // Also called when the list closes (blur, Escape) to put the chosen value back: with the chosen key, or
          // with none when the typed text filtered the chosen option out of the list.
          setQuery(null);
          const option = options.find((candidate) => candidate.id === key);
          if (!option || key === chosen) return;
          if (onQueryChange) setPicked(option.id);
          onChange(option);
        }}
        isDisabled={disabled}
        isInvalid={error ? true : undefined}
        allowsEmptyCollection
        shouldFocusWrap
      >
        <Label className="text-body font-medium text-ink">{label}</Label>
        <div className="relative">
          <ComboboxInput placeholder={placeholder} loading={loading} testId={inputTestId} typing={typing} />
          <ChevronDownIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted"
          />
        </div>
        {description ? (
          <Text
            slot={error ? 'errorMessage' : 'description'}
            className={cx('text-xs', error ? 'text-danger' : 'text-muted')}
          >
            {description}
          </Text>
        ) : null}
        <Popover
          offset={4}
          className={cardClasses(
            'raised',
            'z-30 max-h-64 w-(--trigger-width) overflow-y-auto p-1 text-sm shadow-lg',
          )}
        >
          <ListBox<Option>
            className="outline-none"
            renderEmptyState={() => (
              <div className="px-2 py-1.5 text-muted">
                {loading ? t('ui.combobox.loading') : emptyMessage}
              </div>
            )}
          >
            {(option) => (
              <ListBoxItem
                id={option.id}
                textValue={option.label}
                className={({ isFocused, isSelected }) =>
                  cx(
                    'flex cursor-default flex-col rounded-md px-2 py-1.5 outline-none',
                    isFocused && 'bg-accent-soft text-accent-soft-ink',
                    isSelected && 'font-medium',
                  )
                }
              >
                {({ isFocused }) => (
                  <>
                    <span className="truncate">{option.label}</span>
                    {option.description ? (
                      <Text
                        slot="description"
                        className={cx('truncate text-xs', isFocused ? 'opacity-80' : 'text-muted')}
                      >
                        {option.description}
                      </Text>
                    ) : null}
                  </>
                )}
              </ListBoxItem>
            )}
          </ListBox>
          <FirstMatchActive when={typing} />
        </Popover>
      </ComboBox>
    </AriaLocale>
  );
}

/** While the user types, the first match is the active option (if none is), so Enter or Tab takes it. */
function activateFirstMatch(state: ComboBoxState<ComboboxOption> | null, typing: boolean) {
  if (!state || !typing || !state.isOpen || state.selectionManager.focusedKey !== null) return;
  const first = state.collection.getFirstKey();
  if (first !== null) state.selectionManager.setFocusedKey(first);
}

/**
 * The input. A click on it opens or closes the list, as a click on the chevron beside it would. The first match is
 * made active before the library handles a key, so a key pressed before the list has re-rendered after typing
 * (ArrowDown, Enter) starts from it, as the list shows.
 */
function ComboboxInput({
  placeholder,
  loading,
  testId,
  typing,
}: {
  placeholder: string | undefined;
  loading: boolean;
  testId: string | undefined;
  typing: boolean;
}) {
  const state = useContext(ComboBoxStateContext);
  return (
    <Input
      placeholder={placeholder}
      spellCheck={false}
      aria-busy={loading || undefined}
      data-testid={testId}
      className={cx(controlClasses, 'pr-8')}
      onClick={() => state?.toggle(null, 'manual')}
      onKeyDownCapture={() => activateFirstMatch(state, typing)}
    />
  );
}

/**
 * While the user types, the first match is the active option, so Enter (or Tab) takes it: the ARIA practices' list
 * autocomplete with automatic selection, which React Aria's combobox leaves to its users. Rendered after the list, so
 * it runs once the list has set its own active option on opening.
 */
function FirstMatchActive({ when }: { when: boolean }) {
  const state = useContext(ComboBoxStateContext);
  useEffect(() => activateFirstMatch(state, when));
  return null;
}
