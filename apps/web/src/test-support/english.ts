import { i18n } from '../lib/i18n/i18n.ts';
import english from '../lib/i18n/messages/en.json';

// The web app's tests read English: Lingui compiles the catalog's messages as it reads them outside production.
i18n.loadAndActivate({ locale: 'en', messages: english });
