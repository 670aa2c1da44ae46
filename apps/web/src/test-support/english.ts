import { i18n } from '../lib/i18n/i18n.ts';
import english from '../lib/i18n/messages/en.json';

// The web app's tests read English: Lingui compiles the catalog's messages as it reads them outside production.
i18n.loadAndActivate({ locale: 'en', messages: english });

// Component tests wait for what they look for (findBy…, waitFor) until it shows, not for a second: on a busy machine
// the first render of a lazily loaded part can take longer. The test's own time limit still ends a wait that never ends.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}
