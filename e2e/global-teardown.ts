import { rmSync } from 'node:fs';
import { basename } from 'node:path';

/** Removes the throwaway database folder playwright.config.ts made under the OS temp dir. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DB_DIR;
  if (dir && basename(dir).startsWith('mostrador-e2e-')) {
    // The server may still hold the file open; on Windows that makes removal fail, which is harmless here.
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  }
}
