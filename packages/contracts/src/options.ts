import { z } from 'zod';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'HEAD'] as const;

export const optionsDescriptionSchema = z.object({
  name: z.string(),
  description: z.string(),
  attributes: z.record(z.string(), z.string()),
  methods: z.array(z.object({ method: z.enum(HTTP_METHODS), example: z.string(), description: z.string() })),
  related_resources: z.array(z.string()),
  connections: z.record(z.string(), z.string()),
  /**
   * Local use only: how to ask the embedded API for a fault on purpose (its request header, examples, and the
   * command that sets rules for requests without it).
   */
  simulated_faults: z
    .object({
      header: z.string(),
      description: z.string(),
      examples: z.array(z.string()),
      rules: z.string(),
    })
    .optional(),
});

export type OptionsDescription = z.infer<typeof optionsDescriptionSchema>;
