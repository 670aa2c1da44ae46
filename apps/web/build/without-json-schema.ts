import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

// zod's classic schemas import its JSON Schema generator (about 5 KB gzip) for `toJSONSchema()` and Standard Schema's
// `jsonSchema`. The dashboard validates with zod and never describes a schema as JSON Schema, so its build gets the
// generator's exports as functions that say so, and the first screen does not carry it.
const GENERATOR = /[\\/]zod[\\/]v4[\\/]core[\\/](?:json-schema-processors|to-json-schema)\.js$/;
const EXPORTS = /export\s+(?:const|function)\s+(\w+)|export\s*\{([^}]*)\}/g;

export function withoutJsonSchema(): Plugin {
  return {
    name: 'mostrador:without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!GENERATOR.test(id)) return null;
      const source = await readFile(id, 'utf8');
      const names = new Set<string>();
      for (const [, single, list] of source.matchAll(EXPORTS)) {
        if (single) names.add(single);
        for (const entry of list?.split(',') ?? []) {
          const name = entry
            .trim()
            .split(/\s+as\s+/)
            .at(-1);
          if (name) names.add(name);
        }
      }
      const lines = [
        'const unavailable = () => { throw new Error("JSON Schema is not part of the dashboard\'s build"); };',
        // The method factories run when a schema's Standard Schema properties are first read: they return the method.
        ...[...names].map((name) =>
          /^create\w*Method$/.test(name)
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
        ),
      ];
      return lines.join('\n');
    },
  };
}
