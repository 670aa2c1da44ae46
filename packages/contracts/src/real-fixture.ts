import { readdirSync, readFileSync } from 'node:fs';
import type { z } from 'zod';

// Test support only (not exported from index.ts): tests read the in-package copies, never shared/.
const FIXTURES = new URL('../fixtures/real/', import.meta.url);

export function readRealFixture(path: string): unknown {
  return JSON.parse(readFileSync(new URL(path, FIXTURES), 'utf8'));
}

export function realFixtureNames(resource: string): string[] {
  return readdirSync(new URL(`${resource}/`, FIXTURES)).filter((name) => name.endsWith('.json'));
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

// Splits the issues of a failed parse into members the body lacks (`missing`) and members it carries with a
// shape the spec refuses (`wrong`), so a test can pin down exactly where a fixture departs from the spec.
export function issuesOf(schema: z.ZodType, data: unknown): { missing: string[]; wrong: string[] } {
  const result = schema.safeParse(data);
  const missing: string[] = [];
  const wrong: string[] = [];
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.map(String).join('.');
    if (valueAt(data, issue.path) === undefined && issue.code === 'invalid_type') missing.push(path);
    else wrong.push(path);
  }
  return { missing, wrong };
}

export function issuePaths(result: { success: boolean; error?: z.ZodError }): string[] {
  return (result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.'));
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}
