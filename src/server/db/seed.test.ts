import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSeed } from './seed.js';
import { compiledEntry } from '../../../tests/support/compiled-server.js';

const root = join(import.meta.dirname, '../../..');
const dirs: string[] = [];

function brokenSeed(client: string, change: (record: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'highstreet-seed-'));
  dirs.push(dir);
  cpSync(join(root, 'seed'), dir, { recursive: true });
  const file = join(dir, 'clients', `${client}.json`);
  const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(record);
  writeFileSync(file, JSON.stringify(record));
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the seed', () => {
  it('holds the JS record exactly as the spec gives it', () => {
    const js = readSeed(join(root, 'seed')).clients.find((c) => c.name === 'JS')!;
    expect(js).toMatchObject({
      usesCart: false,
      showContactFormOnFooter: false,
      menuType: 'hamburger',
      pictureExtension: 'jpg',
      slideTimer: 3000,
      successTitle: 'Your inquiry has been sent',
      successText: 'We will response as soon as we can.',
      failureTitle: 'Sorry we were unable to process your inquery.',
      failureText: `Your booking has not made it through our system due to technical reasons, please email ${js.email}.`,
    });
    expect(js.picturesForSlide).toHaveLength(4);
    expect(js.menuItems).toEqual([
      { route: '/', display: 'Home' },
      { route: '/about', display: 'My Story' },
      { route: '/team', display: 'Meet the team' },
      { route: '/travelbooking', display: 'Travel Enquiry' },
      { route: '/joinus', display: 'Join Us' },
      { route: '/reviews', display: 'Testimonials' },
    ]);
  });

  it('has the retailer catalogue the spec describes', () => {
    const se = readSeed(join(root, 'seed')).products.filter((p) => p.clientCode === 'SE');
    const ids = (category: string) => se.filter((p) => p.category === category).map((p) => p.id);
    expect(ids('oasis')).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(ids('sunbeach')).toEqual(Array.from({ length: 15 }, (_, i) => 201 + i));
    expect(ids('spas')).toEqual(Array.from({ length: 8 }, (_, i) => 1001 + i));
    expect(Math.min(...se.map((p) => p.price))).toBe(4999);
    expect(Math.max(...se.map((p) => p.price))).toBe(35995);
  });

  it('names the client and the field of a malformed record', () => {
    const dir = brokenSeed('RRB', (r) => (r.menuType = 'sideways'));
    expect(() => readSeed(dir)).toThrow(
      /Client record RRB \(seed\/clients\/RRB\.json\) is invalid: menuType: /,
    );
  });

  it('stops start-up with that message', () => {
    const dir = brokenSeed('PHEC', (r) => (r.email = 'not-an-address'));
    const run = spawnSync(process.execPath, [compiledEntry('main')], {
      cwd: root,
      env: {
        ...process.env,
        SEED_DIR: dir,
        DATA_DIR: join(dir, 'data'),
        PORT: '0',
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Highstreet could not start: Client record PHEC');
    expect(run.stderr).toContain('email: must be an e-mail address');
  });
});
