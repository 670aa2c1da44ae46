import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the defaults', () => {
    expect(parseEnv({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_FILE: 'data/mostrador.db',
      DEMO_ORDERS: 20_000,
      MARKETPLACE_BASE_URL: undefined,
    });
  });

  it('coerces numbers and keeps a remote API address', () => {
    const env = parseEnv({
      PORT: '8080',
      DEMO_ORDERS: '2000',
      MARKETPLACE_BASE_URL: 'https://api.example.com',
    });
    expect(env.PORT).toBe(8080);
    expect(env.DEMO_ORDERS).toBe(2000);
    expect(env.MARKETPLACE_BASE_URL).toBe('https://api.example.com');
  });

  it('treats an empty MARKETPLACE_BASE_URL as unset', () => {
    expect(parseEnv({ MARKETPLACE_BASE_URL: '' }).MARKETPLACE_BASE_URL).toBeUndefined();
  });

  it('names every invalid variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', MARKETPLACE_BASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*MARKETPLACE_BASE_URL|MARKETPLACE_BASE_URL[\s\S]*PORT/,
    );
  });
});
