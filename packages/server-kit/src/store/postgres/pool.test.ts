import { describe, expect, it } from 'vitest';
import { dropDatabase, recreateDatabase } from './pool.ts';

describe('dropping and recreating a database', () => {
  // Nothing listens on port 1: a refusal that reached the server would fail differently.
  it.each(['postgres', 'template0', 'template1'])(
    'refuses the server’s own database %s before connecting',
    async (name) => {
      const url = `postgres://someone@127.0.0.1:1/${name}`;
      await expect(recreateDatabase(url)).rejects.toThrow(`the server's own database "${name}"`);
      await expect(dropDatabase(url)).rejects.toThrow('name a database of its own');
    },
  );
});
