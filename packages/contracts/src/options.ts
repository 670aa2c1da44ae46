import { z } from 'zod';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'HEAD'] as const;

export const optionsDescriptionSchema = z.object({
  name: z.string(),
  description: z.string(),
  attributes: z.record(z.string(), z.string()),
  methods: z.array(z.object({ method: z.enum(HTTP_METHODS), example: z.string(), description: z.string() })),
  related_resources: z.array(z.string()),
  connections: z.record(z.string(), z.string()),
});

export type OptionsDescription = z.infer<typeof optionsDescriptionSchema>;
