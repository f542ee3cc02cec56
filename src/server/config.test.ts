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

  it('refuses on/true at start-up, suggesting the proxies’ addresses, never a hop count (issue 30, probe 11)', () => {
    for (const all of ['on', 'true', 'ON', '*', '99']) {
      const refusal = (() => {
        try {
          loadConfig({ TRUST_PROXY: all });
        } catch (error) {
          return (error as Error).message;
        }
        throw new Error(`TRUST_PROXY=${all} was accepted`);
      })();
      expect(refusal).toMatch(/TRUST_PROXY=127\.0\.0\.1 .*TRUST_PROXY=10\.0\.0\.0\/8/);
      expect(refusal).not.toMatch(/TRUST_PROXY=\d+\b(?![./])/);
      expect(refusal).toContain('docs/decisions/0030-trust-proxy.md');
    }
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/neither a hop count/);
  });

  it('warns at start-up that a hop count lets direct visitors choose their address', () => {
    const env = { HOST: '0.0.0.0', NODE_ENV: 'production', TRUST_PROXY: '1' };
    const [warning] = startupWarnings(loadConfig(env), env);
    expect(warning).toMatch(
      /TRUST_PROXY=1 trusts the nearest hop whoever it is.*chooses its own address/,
    );
    const listed = { ...env, TRUST_PROXY: '10.0.0.0/8' };
    expect(startupWarnings(loadConfig(listed), listed)).toEqual([]);
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
