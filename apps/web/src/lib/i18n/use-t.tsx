import { I18nProvider, Trans, useLingui } from '@lingui/react';
import { type ReactElement, type ReactNode, useCallback } from 'react';
import { i18n, type MessageId, type MessageValues, withAccountValues } from './i18n.ts';

export type Translate = (id: MessageId, values?: MessageValues) => string;

/** `t('orders.title')`: a message in the active language; the component re-renders when the language changes. */
export function useT(): Translate {
  const { _ } = useLingui();
  return useCallback<Translate>((id, values) => _(id, withAccountValues(values)), [_]);
}

/** The active language (`es`, `pt-BR`, `en`). */
export function useLanguage(): string {
  return useLingui().i18n.locale;
}

/**
 * A message with elements inside it: `<T id="x" components={{ 0: <strong /> }} />` for "Blocked <0>{name}</0>",
 * so a sentence is never cut into pieces the translators cannot reorder.
 */
export function T(props: {
  id: MessageId;
  values?: MessageValues;
  components?: Record<string, ReactElement>;
}): ReactNode {
  return <Trans id={props.id} values={withAccountValues(props.values)} components={props.components} />;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
