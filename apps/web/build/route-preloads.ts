import { relative } from 'node:path';
import type { Plugin, Rollup } from 'vite';

/** The file the server reads: each page's address pattern and the scripts its routes load after the entry. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The parts of a route the router loads to show a page: its data and its component (not its error screens). */
const SHOWN_SPLITS = /[?&]tsr-split=(?:[a-z-]*(?:component|loader)[a-z-]*)(?:&|$)/i;

export interface RoutePreload {
  /** `/orders/$orderId`: segments starting with `$` match any one segment. */
  pattern: string;
  /** `assets/…js`, in no particular order. */
  files: string[];
}

/**
 * The address a route file answers, by the router's file naming: folders and dots separate segments, `_name` is a
 * layout without a segment of its own, `index` is the folder's own page, `$name` a parameter.
 */
export function patternOf(routeFile: string): string {
  const segments = routeFile
    .replace(/\.[jt]sx?$/, '')
    .split(/[/.]/)
    .filter((s) => s !== 'index' && !s.startsWith('_'));
  return `/${segments.join('/')}`;
}

/** The route files a route is drawn inside: `_authed/orders.index` is inside `_authed` and `_authed/orders`. */
function parentsOf(routeFile: string, routeFiles: ReadonlySet<string>): string[] {
  const stem = routeFile.replace(/\.[jt]sx?$/, '');
  const parents = [...routeFiles].filter((file) => /^__root\.[jt]sx?$/.test(file));
  for (let i = 0; i < stem.length; i++) {
    if (stem[i] !== '/' && stem[i] !== '.') continue;
    const prefix = stem.slice(0, i);
    for (const ext of ['.tsx', '.ts']) if (routeFiles.has(prefix + ext)) parents.push(prefix + ext);
  }
  return parents;
}

/**
 * Writes `route-preloads.json` beside the page: for each page address, the scripts of its routes (and of the layouts
 * it is drawn in) that the entry does not already load. The server names them as module preloads in that page's
 * HTML, so they load beside the entry instead of after it has run (decision 0243).
 */
export function routePreloads(options: { routesDirectory: string }): Plugin {
  let root = '';
  return {
    name: 'mostrador:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_output, bundle: Rollup.OutputBundle) {
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const initial = new Set<string>();
      const addStatic = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) addStatic(imported, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) addStatic(chunk.fileName, initial);

      // Each route file's shown parts, with everything they import statically.
      const routesRoot = `${root}/${options.routesDirectory}/`;
      const filesOfRoute = new Map<string, Set<string>>();
      for (const chunk of chunks) {
        const id = chunk.facadeModuleId;
        if (!id?.startsWith(routesRoot) || !SHOWN_SPLITS.test(id)) continue;
        const routeFile = relative(routesRoot, id.slice(0, id.indexOf('?')));
        const files = filesOfRoute.get(routeFile) ?? new Set<string>();
        addStatic(chunk.fileName, files);
        filesOfRoute.set(routeFile, files);
      }
      const routeFiles = new Set(filesOfRoute.keys());
      const preloads: RoutePreload[] = [];
      for (const routeFile of routeFiles) {
        // A layout without an address of its own (`_authed`, the root) is loaded with the pages inside it.
        if (/(?:^|[/.])_[^/.]*\.[jt]sx?$/.test(routeFile)) continue;
        // Layouts are loaded for the pages inside them; a page of its own is what has an address to open.
        const files = new Set<string>();
        for (const file of [...parentsOf(routeFile, routeFiles), routeFile])
          for (const f of filesOfRoute.get(file) ?? []) if (!initial.has(f)) files.add(f);
        preloads.push({ pattern: patternOf(routeFile), files: [...files].sort() });
      }
      // Where a layout and its index page share an address, the page (with more files) wins.
      const byPattern = new Map<string, RoutePreload>();
      for (const p of preloads) {
        const known = byPattern.get(p.pattern);
        if (!known || p.files.length > known.files.length) byPattern.set(p.pattern, p);
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(
          [...byPattern.values()].sort((a, b) => a.pattern.localeCompare(b.pattern)),
          null,
          1,
        )}\n`,
      });
    },
  };
}
