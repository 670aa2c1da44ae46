export { type ErrorRendererOptions, errorRenderer, renderError } from './error-renderer.ts';
export { type ErrorBody, HttpError } from './http-error.ts';
export { type JsonBodyOptions, readJsonBody } from './json-body.ts';
export { isJsonpCallback, jsonpAnswer } from './jsonp.ts';
export {
  type HeaderAccess,
  hasHeaderNamed,
  lightBody,
  type PreparedHeaders,
  prepareHeaders,
  responseHeaders,
  setHeaders,
} from './light-response.ts';
export { Remembered } from './remembered.ts';
export { type RequestLogOptions, requestLine, requestLog } from './request-log.ts';
