import { LANGUAGES, type Language } from '@mostrador/contracts';
import { useId } from 'react';
import { cx } from '../../../lib/class-names.ts';
import { LANGUAGE_NAMES } from '../../../lib/i18n/i18n.ts';
import { useLanguage, useT } from '../../../lib/i18n/use-t.tsx';
import { CheckIcon } from '../../../ui/icons.tsx';
import { useChooseLanguage } from '../api/choose-language.ts';

/** The dashboard's language: each named in its own words, the active one checked. */
export function LanguageSwitcher({
  onDone,
  layout = 'list',
}: {
  onDone?: () => void;
  layout?: 'list' | 'row';
}) {
  const t = useT();
  const active = useLanguage();
  const choose = useChooseLanguage();
  const headingId = useId();
  return (
    <div>
      <p id={headingId} className={cx('text-xs text-muted', layout === 'list' ? 'px-2 pt-1 pb-2' : 'pb-1.5')}>
        {t('account.languageSwitcher.language')}
      </p>
      <ul
        aria-labelledby={headingId}
        className={cx('flex gap-0.5', layout === 'list' ? 'flex-col' : 'flex-wrap justify-center')}
        data-testid="language-switcher"
      >
        {LANGUAGES.map((language: Language) => (
          <li key={language}>
            <button
              type="button"
              lang={language}
              className={cx(
                'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left hover:bg-subtle',
                language === active && 'font-medium',
              )}
              aria-pressed={language === active}
              disabled={choose.isPending}
              onClick={() => choose.mutate(language, { onSuccess: () => onDone?.() })}
            >
              <span className="min-w-0 flex-1 truncate">{LANGUAGE_NAMES[language]}</span>
              {language === active ? <CheckIcon className="size-4 text-accent" aria-hidden="true" /> : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
