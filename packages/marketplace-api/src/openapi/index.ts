import { z } from 'zod';
import { JSON_TYPE } from '../http/json-answer.ts';
import { type ApiModule, defineModule, defineResource } from '../http/resources.ts';

/** `/openapi.json`: the OpenAPI 3.1 document of every module, this one included, made once on first read. */
/** `/openapi.json`: the document, made once on first request from the API's own table. */
export function openApiModule(document: () => string): ApiModule<object> {
  return defineModule<object>({
    prefix: '/openapi.json',
    resources: [
      defineResource({
        path: '/openapi.json',
        name: 'OpenAPI document',
        description:
          'The API as OpenAPI 3.1: every operation with its parameters and the request and response schemas of ' +
          'the contracts, generated from the same definitions as the routes and OPTIONS.',
        attributes: {
          openapi: '3.1.0.',
          info: 'Title and version.',
          paths: 'Every path and its operations.',
        },
        related_resources: [],
        connections: {},
        methods: {
          GET: {
            example: '/openapi.json',
            description: 'Read the document.',
            response: z.looseObject({
              openapi: z.literal('3.1.0'),
              paths: z.record(z.string(), z.looseObject({})),
            }),
            auth: 'none',
            handle: (c, _deps: object) => c.body(document(), 200, JSON_TYPE),
          },
        },
      }),
    ],
  });
}
