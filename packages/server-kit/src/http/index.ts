export { type ErrorRendererOptions, errorRenderer, renderError } from './error-renderer.ts';
export { type ErrorBody, HttpError } from './http-error.ts';
export { type JsonBodyOptions, readJsonBody } from './json-body.ts';
export { isJsonpCallback, jsonpAnswer } from './jsonp.ts';
export { Remembered } from './remembered.ts';
export { type RequestLogOptions, requestLog } from './request-log.ts';
