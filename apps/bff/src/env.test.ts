import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

const SECRET = 'a-client-secret-of-at-least-32-characters';

describe('parseEnv', () => {
  it('applies the defaults, with spec 8 limits', () => {
    expect(parseEnv({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_FILE: 'data/mostrador.db',
      DEMO_ORDERS: 20_000,
      MARKETPLACE_BASE_URL: undefined,
      MARKETPLACE_CLIENT_ID: 5503910054141466,
      MARKETPLACE_CLIENT_SECRET: undefined,
      MARKETPLACE_AUTHORIZATION_URL: undefined,
      PUBLIC_ORIGIN: undefined,
      RATE_LIMIT_PER_MINUTE: 200,
      SIGNIN_LIMIT_PER_15_MINUTES: 5,
      INVALID_REQUESTS_BEFORE_BLOCK: 10,
      BODY_LIMIT_BYTES: 1_048_576,
      REQUEST_TIMEOUT_MS: 30_000,
      SHUTDOWN_GRACE_MS: 1_000,
      EVENTS_HEARTBEAT_MS: 15_000,
      NOTIFICATION_LEASE_MS: 30_000,
    });
  });

  it('coerces numbers and keeps a remote API address with its client secret', () => {
    const env = parseEnv({
      PORT: '8080',
      DEMO_ORDERS: '2000',
      MARKETPLACE_BASE_URL: 'https://api.example.com',
      MARKETPLACE_CLIENT_SECRET: SECRET,
      RATE_LIMIT_PER_MINUTE: '100',
      SIGNIN_LIMIT_PER_15_MINUTES: '3',
      INVALID_REQUESTS_BEFORE_BLOCK: '0',
    });
    expect(env.PORT).toBe(8080);
    expect(env.DEMO_ORDERS).toBe(2000);
    expect(env.MARKETPLACE_BASE_URL).toBe('https://api.example.com');
    expect(env.RATE_LIMIT_PER_MINUTE).toBe(100);
    expect(env.SIGNIN_LIMIT_PER_15_MINUTES).toBe(3);
    expect(env.INVALID_REQUESTS_BEFORE_BLOCK).toBe(0);
  });

  it('treats an empty MARKETPLACE_BASE_URL as unset', () => {
    expect(parseEnv({ MARKETPLACE_BASE_URL: '' }).MARKETPLACE_BASE_URL).toBeUndefined();
  });

  it('requires a client secret for a remote platform, and never prints it', () => {
    expect(() => parseEnv({ MARKETPLACE_BASE_URL: 'https://api.example.com' })).toThrow(
      /MARKETPLACE_CLIENT_SECRET/,
    );
    const short = 'too-short-secret';
    try {
      parseEnv({ MARKETPLACE_CLIENT_SECRET: short });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/MARKETPLACE_CLIENT_SECRET/);
      expect(String(error)).not.toContain(short);
    }
  });

  it('takes the personal-data keys as a pair, checked, and never prints them', () => {
    const key = Buffer.alloc(32, 9).toString('base64');
    const index = Buffer.alloc(32, 3).toString('base64');
    expect(parseEnv({ DATA_KEYS: `k1:${key}`, DATA_INDEX_KEY: index })).toMatchObject({
      DATA_KEYS: `k1:${key}`,
    });
    expect(() => parseEnv({ DATA_KEYS: `k1:${key}` })).toThrow(/DATA_KEYS and DATA_INDEX_KEY go together/);
    const short = Buffer.alloc(16, 1).toString('base64');
    let message = '';
    try {
      parseEnv({ DATA_KEYS: `k1:${short}`, DATA_INDEX_KEY: index });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/32 bytes/);
    expect(message).not.toContain(short);
  });

  it('names every invalid variable', () => {
    expect(() => parseEnv({ PORT: 'eighty', MARKETPLACE_BASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*MARKETPLACE_BASE_URL|MARKETPLACE_BASE_URL[\s\S]*PORT/,
    );
    expect(() => parseEnv({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
    expect(() => parseEnv({ INVALID_REQUESTS_BEFORE_BLOCK: '-1' })).toThrow(/INVALID_REQUESTS_BEFORE_BLOCK/);
  });

  it('takes a PostgreSQL URL as the store and refuses other kinds of URL', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://app:secret@db.internal:5432/mostrador' }).DATABASE_URL).toBe(
      'postgres://app:secret@db.internal:5432/mostrador',
    );
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(() => parseEnv({ DATABASE_URL: 'mysql://db.internal/mostrador' })).toThrow(/DATABASE_URL/);
  });
  it('reads who may deliver notifications, and refuses what is not an address', () => {
    const env = parseEnv({
      NOTIFICATION_SOURCE_CHECK: 'platform',
      NOTIFICATION_SOURCES: '54.88.218.97, ::1',
    });
    expect(env.NOTIFICATION_SOURCE_CHECK).toBe('platform');
    expect(env.NOTIFICATION_SOURCES).toEqual(['54.88.218.97', '::1']);
    expect(parseEnv({}).NOTIFICATION_SOURCE_CHECK).toBeUndefined();
    expect(() => parseEnv({ NOTIFICATION_SOURCE_CHECK: 'anyone' })).toThrow(/NOTIFICATION_SOURCE_CHECK/);
    expect(() => parseEnv({ NOTIFICATION_SOURCES: 'platform.example' })).toThrow(/NOTIFICATION_SOURCES/);
  });
});
