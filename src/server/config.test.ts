import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy, startupWarnings } from './config.js';

describe('TRUST_PROXY', () => {
  it('is off by default and for off, 0 or empty', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ['off', '0', '', ' ']) expect(parseTrustProxy(off)).toBe(false);
  });

  it('takes a hop count or a list of addresses, CIDRs and proxy-addr names', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.5,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'loopback',
    ]);
    expect(parseTrustProxy('fd00::/8,::1')).toEqual(['fd00::/8', '::1']);
  });

  it('refuses on/true at start-up with a message that says what to set instead', () => {
    for (const all of ['on', 'true', 'ON', '*']) {
      expect(() => loadConfig({ TRUST_PROXY: all })).toThrow(/TRUST_PROXY=1|TRUST_PROXY=10\.0/);
    }
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/neither a hop count/);
    expect(() => parseTrustProxy('99')).toThrow(/not believable/);
  });
});

describe('start-up warnings', () => {
  it('warns loudly when NODE_ENV is unset and the server listens beyond loopback', () => {
    const env = { HOST: '0.0.0.0' };
    const [warning] = startupWarnings(loadConfig(env), env);
    expect(warning).toMatch(/NODE_ENV is not set.*preview switch is ON.*HSTS/);
  });

  it('stays quiet on loopback or with NODE_ENV set', () => {
    expect(startupWarnings(loadConfig({ HOST: '127.0.0.1' }), { HOST: '127.0.0.1' })).toEqual([]);
    const production = { HOST: '0.0.0.0', NODE_ENV: 'production' };
    expect(startupWarnings(loadConfig(production), production)).toEqual([]);
  });
});

describe('REDIS_URL', () => {
  it('is off by default: shared state stays in the process', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redis).toBeUndefined();
  });

  it('takes a redis:// or rediss:// URL and a key prefix', () => {
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/2' }).redis).toEqual({
      url: 'redis://10.0.0.5:6379/2',
      keyPrefix: 'highstreet:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://:secret@cache.example:6380', REDIS_KEY_PREFIX: 'staging:' })
        .redis,
    ).toEqual({ url: 'rediss://:secret@cache.example:6380', keyPrefix: 'staging:' });
  });

  it('refuses anything else at start-up, saying what it wants', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://10.0.0.5:6379' })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => loadConfig({ REDIS_URL: 'redis://x', REDIS_KEY_PREFIX: 'a b' })).toThrow(
      /REDIS_KEY_PREFIX/,
    );
  });
});
