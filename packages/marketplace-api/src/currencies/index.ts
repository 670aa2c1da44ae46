import { defineModule } from '../http/resources.ts';
import { type CurrencyRoutesDeps, currency, currencyConversion, currencyList } from './routes.ts';

/** `/currencies`. */
export const currenciesModule = defineModule<CurrencyRoutesDeps>({
  prefix: '/currencies',
  resources: [currencyList, currency],
});

/** `/currency_conversions`: its own prefix in the spec, served from the currencies' rates. */
export const currencyConversionsModule = defineModule<CurrencyRoutesDeps>({
  prefix: '/currency_conversions',
  resources: [currencyConversion],
});
