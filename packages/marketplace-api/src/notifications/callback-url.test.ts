import { describe, expect, it } from 'vitest';
import { ensureDemoData } from '../seed/demo.ts';
import { DEMO_APPLICATION_ID } from '../seed/generate.ts';
import { openTestStore } from '../test-support.ts';
import { checkCallbackUrl, setApplicationCallback } from './callback-url.ts';

describe('checkCallbackUrl', () => {
  it('accepts HTTPS, and plain HTTP only to loopback in local use', () => {
    expect(checkCallbackUrl('https://hooks.example.com/meli?x=1', { localUse: false })).toEqual({
      ok: true,
      url: 'https://hooks.example.com/meli?x=1',
    });
    for (const url of [
      'http://127.0.0.1:3000/bff/notifications',
      'http://localhost:8080/n',
      'http://[::1]:9/n',
    ]) {
      expect(checkCallbackUrl(url, { localUse: true }).ok, url).toBe(true);
      expect(checkCallbackUrl(url, { localUse: false }).ok, url).toBe(false);
    }
  });

  it('refuses other schemes, remote plain HTTP, credentials, fragments and private addresses', () => {
    for (const url of [
      'http://hooks.example.com/n',
      'http://10.0.0.5/n',
      'ftp://hooks.example.com/n',
      'javascript:alert(1)',
      'https://user:pass@hooks.example.com/n',
      'https://hooks.example.com/n#frag',
      '/bff/notifications',
      `https://example.com/${'a'.repeat(2100)}`,
    ]) {
      expect(checkCallbackUrl(url, { localUse: true }).ok, url).toBe(false);
    }
    for (const url of [
      'https://127.0.0.1/n',
      'https://192.168.1.4/n',
      'https://169.254.169.254/latest',
      'https://[fd00::1]/n',
    ]) {
      expect(checkCallbackUrl(url, { localUse: false }).ok, url).toBe(false);
    }
  });
});

describe('the demo application’s callback', () => {
  it('is set by ensureDemoData on the first and on later starts, and can be changed', async () => {
    const store = await openTestStore();
    const callback = async () =>
      (
        await store.db
          .selectFrom('applications')
          .select('callback_url')
          .where('id', '=', DEMO_APPLICATION_ID)
          .executeTakeFirstOrThrow()
      ).callback_url;
    const seeded = await ensureDemoData(store, {
      orders: 50,
      callbackUrl: 'http://127.0.0.1:3000/bff/notifications',
      localUse: true,
    });
    expect(seeded).not.toBeNull();
    expect(await callback()).toBe('http://127.0.0.1:3000/bff/notifications');
    expect(
      await ensureDemoData(store, {
        orders: 50,
        callbackUrl: 'http://127.0.0.1:4000/bff/notifications',
        localUse: true,
      }),
    ).toBeNull();
    expect(await callback()).toBe('http://127.0.0.1:4000/bff/notifications');
    await expect(
      ensureDemoData(store, { orders: 50, callbackUrl: 'http://127.0.0.1:4000/bff/notifications' }),
    ).rejects.toThrow(/https/);
    await setApplicationCallback(store, DEMO_APPLICATION_ID, 'https://hooks.example.com/n', {
      localUse: false,
    });
    expect(await callback()).toBe('https://hooks.example.com/n');
    await expect(
      setApplicationCallback(store, 42, 'https://hooks.example.com/n', { localUse: false }),
    ).rejects.toThrow();
    await store.close();
  });
});
