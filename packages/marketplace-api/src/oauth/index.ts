import { defineModule } from '../http/resources.ts';
import {
  authorization,
  authorizationFont,
  authorizationStylesheet,
  type OAuthRoutesDeps,
  oauthErrors,
  oauthToken,
} from './routes.ts';

// The platform's authorization server (decision 0030): three prefixes of the spec, one set of rules. Its errors are
// OAuth's (RFC 6749 5.2) or a page, not the API's error body.
const server = { ownAuthentication: true, onError: oauthErrors } as const;

/** `/authorization`: the sign-in page and its form. */
export const authorizationModule = defineModule<OAuthRoutesDeps>({
  prefix: '/authorization',
  resources: [authorization],
  ...server,
});

/** `/authorization.css`: the sign-in page's stylesheet. */
export const authorizationStylesheetModule = defineModule<OAuthRoutesDeps>({
  prefix: '/authorization.css',
  resources: [authorizationStylesheet],
  ...server,
});

/** `/authorization-font.woff2`: the sign-in page's typeface. */
export const authorizationFontModule = defineModule<OAuthRoutesDeps>({
  prefix: '/authorization-font.woff2',
  resources: [authorizationFont],
  ...server,
});

/** `/oauth`: the token endpoint. */
export const oauthModule = defineModule<OAuthRoutesDeps>({
  prefix: '/oauth',
  resources: [oauthToken],
  ...server,
});
