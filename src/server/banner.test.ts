import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../common/client-config.js';
import { runningBanner } from './banner.js';
import { createClientRegistry } from './kernel/client-registry.js';
import { loadConfig } from './config.js';

function client(name: string): ClientConfig {
  return {
    name,
    title: `Client ${name}`,
    hostNames: [`${name.toLowerCase()}.localhost`],
    emailService: { userId: `hs_pub_${name}` },
  } as ClientConfig;
}

describe('the running banner', () => {
  const config = loadConfig({ NODE_ENV: 'development', PORT: '3000' }, '/tmp');

  it('lists every client when there are a few', () => {
    const banner = runningBanner(
      config,
      'sqlite',
      createClientRegistry([client('SE'), client('RRB')]),
      0,
    );
    expect(banner).toContain('Open each client:');
    expect(banner).toContain('http://localhost:3000/?client=RRB  or  http://rrb.localhost:3000/');
  });

  it('lists the first 20 of a thousand, and says how many there are', () => {
    const many = Array.from({ length: 1000 }, (_, i) => client(`C${String(i).padStart(4, '0')}`));
    const banner = runningBanner(config, 'sqlite', createClientRegistry(many), 0);
    expect(banner).toContain('Open a client (20 of 1000 shown):');
    expect(banner).toContain('?client=C0019');
    expect(banner).not.toContain('?client=C0020');
    expect(banner.split('\n').length).toBeLessThan(30);
  });
});
