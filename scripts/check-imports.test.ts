import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports } from './check-imports.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'mostrador-imports-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const broken = (root: string) => checkImports(root).map((p) => `${p.file} ${p.rule}`);

describe('import boundaries', () => {
  it('accepts imports that flow one way: ui/lib → features → routes, contracts below everything', () => {
    const root = tree({
      'apps/web/src/ui/card.tsx': "import { cx } from '../lib/class-names.ts';",
      'apps/web/src/lib/class-names.ts': "import { z } from '@mostrador/contracts';",
      'apps/web/src/features/orders/components/list.tsx':
        "import { Card } from '../../../ui/card.tsx';\nimport { q } from '../api/search.ts';",
      'apps/web/src/routes/orders.tsx':
        "import { List } from '../features/orders/components/list.tsx';\nimport { Panel } from '../features/blocklists/panel.tsx';",
      'packages/server-kit/src/store/index.ts': "import { Kysely } from 'kysely';",
      'packages/marketplace-api/src/orders/order-repository.ts': "import { sql } from 'kysely';",
      'apps/bff/src/app.ts': "import { openStore } from '@mostrador/server-kit/store';",
    });
    expect(broken(root)).toEqual([]);
  });

  it('refuses a feature importing another feature or a route, and ui importing a feature', () => {
    const root = tree({
      'apps/web/src/features/orders/components/detail.tsx':
        "import { BlockBuyerPanel } from '../../blocklists/components/panel.tsx';",
      'apps/web/src/features/team/api/x.ts': "export { y } from '../../../routes/team.tsx';",
      'apps/web/src/ui/table.tsx': "const m = import('../features/orders/model/csv.ts');",
    });
    expect(broken(root).sort()).toEqual([
      'apps/web/src/features/orders/components/detail.tsx features-apart',
      'apps/web/src/features/team/api/x.ts features-apart',
      'apps/web/src/ui/table.tsx web-layers',
    ]);
  });

  it('keeps server code out of the browser and the servers in their order', () => {
    const root = tree({
      'apps/web/src/lib/keys.ts': "import type { Keyring } from '@mostrador/server-kit/store';",
      'apps/web/src/lib/fs.ts': "import { readFileSync } from 'node:fs';",
      'packages/contracts/src/x.ts': "import { y } from '@mostrador/marketplace-api';",
      'packages/server-kit/src/http/x.ts': "import { ApiError } from '@mostrador/marketplace-api';",
      'packages/marketplace-api/src/x.ts': "import { s } from '../../../apps/bff/src/session/sessions.ts';",
    });
    expect(broken(root).sort()).toEqual([
      'apps/web/src/lib/fs.ts browser-code',
      'apps/web/src/lib/keys.ts browser-code',
      'packages/contracts/src/x.ts contracts-alone',
      'packages/marketplace-api/src/x.ts api-below-bff',
      'packages/marketplace-api/src/x.ts packages-by-name',
      'packages/server-kit/src/http/x.ts server-kit-below',
    ]);
  });

  it('leaves SQL to repositories: a route module importing the query builder is refused', () => {
    const root = tree({
      'packages/marketplace-api/src/orders/routes.ts': "import { sql } from 'kysely';",
      'apps/bff/src/block-notes/block-note-routes.ts': "import type { Kysely } from 'kysely';",
      'packages/marketplace-api/src/orders/routes.test.ts': "import { sql } from 'kysely';",
    });
    expect(broken(root).sort()).toEqual([
      'apps/bff/src/block-notes/block-note-routes.ts repositories-own-sql',
      'packages/marketplace-api/src/orders/routes.ts repositories-own-sql',
    ]);
  });

  it('lets the development tools import the runtime by name, and no runtime package import the tools', () => {
    const root = tree({
      'tools/dev/seed/bulk-seed.ts': "import { seedStore } from '@mostrador/marketplace-api/seed';",
      'tools/dev/bench/api.ts': "import { bulkSeed } from '../seed/bulk-seed.ts';",
      'tools/dev/bench/web.ts':
        "import { openStore } from '../../../packages/marketplace-api/src/db/store.ts';",
      'packages/marketplace-api/src/seed/demo.ts': "import { bulkSeed } from '@mostrador/dev-tools/seed';",
      'apps/bff/src/server.ts': "import { api } from '../../../tools/dev/bench/api.ts';",
    });
    expect(broken(root).sort()).toEqual([
      'apps/bff/src/server.ts packages-by-name',
      'apps/bff/src/server.ts tools-above-runtime',
      'packages/marketplace-api/src/seed/demo.ts tools-above-runtime',
      'tools/dev/bench/web.ts packages-by-name',
    ]);
  });

  it('is clean on this tree', () => {
    expect(checkImports(resolve(import.meta.dirname, '..'))).toEqual([]);
  });
});

describe('import cycles', () => {
  it('fail the lint (Biome noImportCycles, as configured in biome.json)', () => {
    const root = tree({
      'biome.json': JSON.stringify({
        extends: [resolve(import.meta.dirname, '../biome.json')],
        vcs: { enabled: false },
        files: { includes: ['**'] },
      }),
      'a.ts': "import { b } from './b.ts';\nexport const a = () => b;",
      'b.ts': "import type { a } from './a.ts';\nexport const b = (x?: typeof a) => x;",
    });
    const biome = resolve(import.meta.dirname, '../node_modules/.bin/biome');
    const run = spawnSync(biome, ['lint', '.'], { cwd: root, encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('noImportCycles');
  });
});
