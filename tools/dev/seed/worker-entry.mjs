// Worker threads do not inherit the TypeScript loader the main thread runs under; register it, then start.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
