import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/each-database.js';
import { startDeployment, type Deployment } from '../support/deployment.js';
import { openSecret } from '../../src/server/payments/secret-box.js';

/**
 * "Onboard a business in one step" (issue 38, docs/decisions/0071-onboarding-a-business.md):
 * `npm run client -- add` while the server runs, and the server answers the new host names
 * without a restart; `list` shows it; `disable` makes its host answer "not available" and
 * refuses its owner.
 */

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  let last = await probe();
  while (!ok(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    last = await probe();
  }
  return last;
}

describeEachDatabase('npm run client', (kind) => {
  let d: Deployment;
  beforeAll(async () => {
    d = await startDeployment(kind);
  }, 120_000);
  afterAll(async () => d?.close());

  const home = (host: string) => d.app.inject({ url: '/', headers: { host } });

  it('adds a salon that the running server serves on its host, with its theme and an owner link', async () => {
    const added = await d.run('client-cli', [
      'add',
      'NELL',
      '--name',
      "Nell's Nails",
      '--host',
      'nellsnails.example',
      '--kind',
      'salon',
      '--colour',
      '#ffb6c1',
      '--font',
      'Georgia',
      '--owner',
      'nell@nellsnails.example',
    ]);
    expect(added.code, added.output).toBe(0);
    expect(added.output).toContain('Contrast: --colour #ffb6c1 is too light for text on the page');
    expect(added.output).toMatch(/\/login\/set-password\?token=\S+/);
    const theme = readFileSync(join(d.config.themesDir, 'NELL.css'), 'utf8');
    expect(theme).toContain("--font-heading: 'Georgia'");

    const page = await eventually(
      () => home('nellsnails.example'),
      (answer) => answer.body.includes("Nell's Nails"),
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Nell');
    expect(page.body).toContain('Welcome to Nell');
    // The treatments came with the template: the booking page has something to book.
    const treatments = await d.app.inject({
      url: '/api/treatments/list',
      headers: { host: 'nell.localhost' },
    });
    expect(treatments.statusCode).toBe(200);
    expect(treatments.body).toContain('Consultation');

    const listed = await d.run('client-cli', ['list']);
    expect(listed.code).toBe(0);
    expect(listed.output).toMatch(
      /NELL\s+Nell's Nails\s+serving\s+owners: 1\s+hosts: nellsnails\.example, nell\.localhost/,
    );
  });

  it('refuses a code or a host name already taken, and bad colours, adding nothing', async () => {
    const taken = await d.run('client-cli', [
      'add',
      'RRB',
      '--name',
      'Copy',
      '--host',
      'nellsnails.example',
      '--kind',
      'shop',
      '--colour',
      'pink',
    ]);
    expect(taken.code).toBe(1);
    expect(taken.output).toContain('There is already a client RRB');
    expect(taken.output).toContain("The host name nellsnails.example is already NELL's.");
    expect(taken.output).toContain('--colour "pink" is not a colour');
    expect(taken.output).toContain('Nothing was added.');
    const usage = await d.run('client-cli', ['add', 'X1']);
    expect(usage.code).toBe(2);
    expect(existsSync(join(d.config.themesDir, 'X1.css'))).toBe(false);
  });

  it('disables a client: its host answers "not available", its owner cannot sign in; enable brings it back', async () => {
    const disabled = await d.run('client-cli', ['disable', 'nell']);
    expect(disabled.code, disabled.output).toBe(0);
    const page = await eventually(
      () => home('nellsnails.example'),
      (answer) => answer.statusCode === 404,
    );
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This site is not available.');
    expect(page.body).not.toContain("Nell's Nails");
    const signIn = await d.app.inject({
      method: 'POST',
      url: '/api/owner/login',
      headers: {
        host: 'nellsnails.example',
        origin: 'http://nellsnails.example',
        'x-requested-with': 'highstreet',
      },
      payload: { email: 'nell@nellsnails.example', password: 'whatever it is' },
    });
    expect(signIn.statusCode).toBe(404);
    // Another client's host is untouched.
    expect((await home('rrb.localhost')).statusCode).toBe(200);
    expect((await d.run('client-cli', ['list'])).output).toMatch(/NELL .*DISABLED since/);

    expect((await d.run('client-cli', ['enable', 'NELL'])).code).toBe(0);
    const back = await eventually(
      () => home('nellsnails.example'),
      (answer) => answer.statusCode === 200,
    );
    expect(back.body).toContain("Nell's Nails");
  });
  it("stores a client's Stripe keys sealed from the environment (payments CODE), never from the command line", async () => {
    const encryptionKey = 'cd'.repeat(32);
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_operatorSetsThis01',
      STRIPE_WEBHOOK_SECRET: 'whsec_operatorSetsThis0001',
    };
    const withoutSealingKey = await d.run('client-cli', ['payments', 'SE'], keys);
    expect(withoutSealingKey.code).toBe(1);
    expect(withoutSealingKey.output).toContain('Set PAYMENTS_ENCRYPTION_KEY');
    const badKey = await d.run('client-cli', ['payments', 'SE'], {
      ...keys,
      STRIPE_SECRET_KEY: 'pk_test_notASecretKey',
      PAYMENTS_ENCRYPTION_KEY: encryptionKey,
    });
    expect(badKey.code).toBe(1);
    expect(badKey.output).toContain('STRIPE_SECRET_KEY: A Stripe secret key starts sk_test_');
    const unknown = await d.run('client-cli', ['payments', 'NOPE'], {
      ...keys,
      PAYMENTS_ENCRYPTION_KEY: encryptionKey,
    });
    expect(unknown.code).toBe(1);

    const stored = await d.run('client-cli', ['payments', 'SE'], {
      ...keys,
      PAYMENTS_ENCRYPTION_KEY: encryptionKey,
    });
    expect(stored.code, stored.output).toBe(0);
    expect(stored.output).toContain('SE: Stripe keys stored sealed; card payment on.');
    expect(stored.output).not.toContain(keys.STRIPE_SECRET_KEY);
    const row = await d.handle.db
      .selectFrom('payment_settings')
      .selectAll()
      .where('client_code', '=', 'SE')
      .executeTakeFirstOrThrow();
    expect(row.secret_key_sealed).not.toContain(keys.STRIPE_SECRET_KEY);
    const key = Buffer.from(encryptionKey, 'hex');
    expect(openSecret(key, 'SE', row.secret_key_sealed)).toBe(keys.STRIPE_SECRET_KEY);
    expect(openSecret(key, 'SE', row.webhook_secret_sealed)).toBe(keys.STRIPE_WEBHOOK_SECRET);

    // --off keeps the keys (none given: the stored ones stay) and takes no new card payments.
    const off = await d.run('client-cli', ['payments', 'SE', '--off'], {
      PAYMENTS_ENCRYPTION_KEY: encryptionKey,
    });
    expect(off.code, off.output).toBe(0);
    const after = await d.handle.db
      .selectFrom('payment_settings')
      .select(['enabled', 'secret_key_sealed', 'version'])
      .where('client_code', '=', 'SE')
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      enabled: 0,
      secret_key_sealed: row.secret_key_sealed,
      version: 2,
    });
  });
});
