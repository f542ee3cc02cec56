import { afterAll, beforeAll, expect, it } from 'vitest';
import { contentMessages, type ContentState, type SiteContent } from '../../common/site-content.js';
import { describeEachDatabase } from '../../../tests/support/each-database.js';
import { signInAs, type OwnerSession } from '../../../tests/support/owner-session.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { applySeed, readSeed } from '../db/seed.js';
import { loadClientRegistry } from './client-registry-store.js';
import { republishSeedContent } from './content-store.js';

describeEachDatabase("the owner's site content API", (kind) => {
  let t: TestApp;
  let js: OwnerSession;
  let js2: OwnerSession;
  let rrb: OwnerSession;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [js, js2, rrb] = [await signInAs(t, 'JS'), await signInAs(t, 'JS'), await signInAs(t, 'RRB')];
  });
  afterAll(async () => t?.close());

  const state = async (session: OwnerSession) => {
    const res = await t.app.inject({ url: '/api/manage/content', headers: session.headers });
    expect(res.statusCode).toBe(200);
    return res.json<ContentState>();
  };
  const saveDraft = (
    session: OwnerSession,
    content: unknown,
    baseVersion: number,
    draftVersion: number | null,
  ) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/manage/content/draft',
      headers: session.headers,
      payload: { content, baseVersion, draftVersion },
    });
  const publish = (session: OwnerSession, baseVersion: number, draftVersion: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/manage/content/publish',
      headers: session.headers,
      payload: { baseVersion, draftVersion },
    });
  const homePage = (cookie?: string, query = '') =>
    t.app.inject({
      url: `/${query}`,
      headers: { host: js.headers.host!, ...(cookie ? { cookie } : {}) },
    });
  const auditActions = async (code: string) =>
    (
      await t.handle.db
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('client_code', '=', code)
        .orderBy('id')
        .execute()
    ).filter((row) => row.action.startsWith('content.'));

  it('saves a draft visitors do not see, previews it for the owner, publishes it at once', async () => {
    const before = await state(js);
    expect(before.draft).toBeNull();
    const content = before.published.content as unknown as SiteContent;
    expect(content.welcome.heading).toBeTruthy();
    // Host-owned fields are not part of what the owner edits.
    expect(Object.keys(content)).not.toContain('hostNames');
    expect(Object.keys(content)).not.toContain('emailService');
    const published = await homePage();
    expect(published.body).toContain(content.welcome.heading);

    const changed = { ...content, welcome: { ...content.welcome, heading: 'Sunshine awaits you' } };
    const saved = await saveDraft(js, changed, before.published.version, null);
    expect(saved.statusCode).toBe(200);
    const draft = saved.json<ContentState>().draft!;
    expect(draft).toMatchObject({ baseVersion: before.published.version, draftVersion: 1 });
    expect(draft.updatedBy).toBe(js.owner.email);

    // A visitor, and the owner without the preview flag, still get the published page.
    expect((await homePage()).body).not.toContain('Sunshine awaits you');
    expect((await homePage(js.cookie)).body).not.toContain('Sunshine awaits you');
    // A visitor asking for a preview gets the published page, without the bar.
    const sneaky = await homePage(undefined, '?preview=draft');
    expect(sneaky.body).not.toContain('Sunshine awaits you');
    expect(sneaky.body).not.toContain('not published');
    // Another client's owner cannot preview this client's draft either.
    const foreign = await homePage(rrb.cookie, '?preview=draft');
    expect(foreign.body).not.toContain('Sunshine awaits you');
    // The owner's preview: the draft, marked, never cached, never indexed.
    const preview = await homePage(js.cookie, '?preview=draft');
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Sunshine awaits you');
    expect(preview.body).toContain('Preview — not published');
    expect(preview.headers['cache-control']).toBe('no-store');
    expect(preview.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(preview.body).toContain('<meta name="robots" content="noindex, nofollow">');
    // Every previewed page carries the draft's site text (in its data block), so the app shows
    // the draft on whichever screen the owner moves to from there.
    const previewedContact = await t.app.inject({
      url: '/contact?preview=draft',
      headers: { host: js.headers.host!, cookie: js.cookie },
    });
    expect(previewedContact.body).toContain('Sunshine awaits you');

    const done = await publish(js, before.published.version, 1);
    expect(done.statusCode).toBe(200);
    const after = done.json<ContentState>();
    expect(after.draft).toBeNull();
    expect(after.published.version).toBe(before.published.version + 1);
    expect((after.published.content as unknown as SiteContent).welcome.heading).toBe(
      'Sunshine awaits you',
    );
    // The registry serves the new record and the cached page dropped: the next visitor sees it.
    expect(t.registry.byCode('JS')!.welcome.heading).toBe('Sunshine awaits you');
    expect((await homePage()).body).toContain('Sunshine awaits you');
    // The host's fields are untouched.
    expect(t.registry.byCode('JS')!.hostNames).toContain('js.localhost');

    const audit = await auditActions('JS');
    expect(audit.map((a) => a.action)).toEqual(['content.draft', 'content.publish']);
    expect(JSON.parse(audit[1]!.detail)).toMatchObject({
      version: before.published.version + 1,
      changed: ['welcome'],
    });
  });

  it('refuses invalid content with a 400 naming each field, and host-owned fields', async () => {
    const { published } = await state(js);
    const content = published.content as unknown as SiteContent;
    const bad = await saveDraft(
      js,
      {
        ...content,
        email: 'not an address',
        welcome: { heading: '', paragraphs: [] },
        home: [
          { type: 'banner', heading: 'Hi', paragraphs: ['x'], picture: { file: 'a b', alt: '' } },
        ],
      },
      published.version,
      null,
    );
    expect(bad.statusCode).toBe(400);
    const message = bad.json<{ message: string }>().message;
    expect(message).toContain('email: must be an e-mail address');
    expect(message).toContain('welcome.heading');
    expect(message).toContain('home.0.picture.file: must be a file in the client media folder');
    expect(message).toContain('home.0.picture.alt: must not be empty');
    expect(message).toContain('home: must have exactly one welcome block');
    // Each field's problem by its path, for the editor to put beside the field.
    expect(bad.json<{ issues: unknown[] }>().issues).toContainEqual({
      path: 'welcome.heading',
      message: 'must not be empty',
    });

    const hostOwned = await saveDraft(
      js,
      { ...content, hostNames: ['evil.example'], emailService: { userId: 'x' } },
      published.version,
      null,
    );
    expect(hostOwned.statusCode).toBe(400);
    expect(hostOwned.json<{ message: string }>().message).toContain(
      'hostNames, emailService are set by the host, not in the back office',
    );
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/manage/content/draft',
      headers: js.headers,
      payload: { content },
    });
    expect(malformed.statusCode).toBe(400);
    expect((await state(js)).draft).toBeNull();
  });

  it('tells the second of two owners that the other changed the draft or published first', async () => {
    const start = await state(js);
    const content = start.published.content as unknown as SiteContent;
    const version = start.published.version;
    const mine = { ...content, title: 'Mine' };
    const theirs = { ...content, title: 'Theirs' };

    expect((await saveDraft(js, mine, version, null)).statusCode).toBe(200);
    // The second owner opened the page before the draft existed: not silently overwritten.
    const second = await saveDraft(js2, theirs, version, null);
    expect(second.statusCode).toBe(409);
    expect(second.json<{ message: string }>().message).toBe(contentMessages.draftChangedElsewhere);
    // Having reloaded, they edit the draft at its version; the first owner's stale save is refused.
    expect((await saveDraft(js2, theirs, version, 1)).statusCode).toBe(200);
    expect((await saveDraft(js, mine, version, 1)).statusCode).toBe(409);
    // Publishing an older draft version than the one saved is refused too.
    expect((await publish(js, version, 1)).statusCode).toBe(409);
    expect((await publish(js2, version, 2)).statusCode).toBe(200);
    expect(t.registry.byCode('JS')!.title).toBe('Theirs');

    // An owner whose page still shows the old published version cannot save or publish over it.
    const stale = await saveDraft(js, mine, version, null);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toBe(contentMessages.publishedElsewhere);
    const noDraft = await publish(js, version + 1, 1);
    expect(noDraft.statusCode).toBe(409);
    expect(noDraft.json<{ message: string }>().message).toBe(contentMessages.noDraft);
  });

  it('discards a draft with its version; the published content stays', async () => {
    const { published } = await state(js);
    const content = published.content as unknown as SiteContent;
    const saved = await saveDraft(js, { ...content, title: 'Gone soon' }, published.version, null);
    const draftVersion = saved.json<ContentState>().draft!.draftVersion;
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: `/api/manage/content/draft?draftVersion=${draftVersion + 5}`,
      headers: js.headers,
    });
    expect(wrong.statusCode).toBe(409);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/manage/content/draft?draftVersion=${draftVersion}`,
      headers: js.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ContentState>().draft).toBeNull();
    expect(t.registry.byCode('JS')!.title).toBe('Theirs');
    expect((await auditActions('JS')).at(-1)!.action).toBe('content.discard');
  });

  it("answers only the owner's own client", async () => {
    const own = await state(rrb);
    expect((own.published.content as unknown as SiteContent).title).toBe(
      t.registry.byCode('RRB')!.title,
    );
    const onJs = await t.app.inject({
      url: '/api/manage/content',
      headers: { ...rrb.headers, host: js.headers.host!, origin: js.headers.origin! },
    });
    expect(onJs.statusCode).toBe(403);
  });

  it('lists the media files to choose from: pictures, videos, captions and downloads', async () => {
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const folder = join(t.config.mediaDir, 'JS', 'gallery');
    mkdirSync(folder, { recursive: true });
    for (const file of ['beach.jpeg', 'notes.txt', 'tour.mp4', 'tour.vtt', 'brochure.pdf']) {
      writeFileSync(join(folder, file), 'x');
    }
    expect((await state(js)).mediaFiles).toEqual([
      'gallery/beach.jpeg',
      'gallery/brochure.pdf',
      'gallery/tour.mp4',
      'gallery/tour.vtt',
    ]);
  });

  it('publishes a slide chosen from the media folder: the page shows and shares that file', async () => {
    const { published } = await state(js);
    const content = published.content as unknown as SiteContent;
    const slides = ['gallery/beach.jpeg', ...content.picturesForSlide.slice(1)];
    const saved = await saveDraft(
      js,
      { ...content, picturesForSlide: slides },
      published.version,
      null,
    );
    expect(saved.statusCode).toBe(200);
    const draftVersion = saved.json<ContentState>().draft!.draftVersion;
    expect((await publish(js, published.version, draftVersion)).statusCode).toBe(200);
    const page = (await homePage()).body;
    // The first slide's preload is the chosen file, not a name in the slide folder.
    expect(page).toContain('/media/JS/gallery/beach-320.avif');
    expect(page).not.toContain('gallery/beach.jpeg.');
  });

  it('keeps published content over a restart: the seed fills only an empty database', async () => {
    const seed = readSeed(t.config.seedDir);
    await applySeed(t.handle.db, seed);
    const reloaded = await loadClientRegistry(t.handle.db);
    expect(reloaded.byCode('JS')!.title).toBe('Theirs');
    // The host's fields still follow the seed: a host name added there arrives on the next start.
    const withHost = {
      ...seed,
      clients: seed.clients.map((c) =>
        c.name === 'JS' ? { ...c, hostNames: [...c.hostNames, 'travel.example'] } : c,
      ),
    };
    await applySeed(t.handle.db, withHost);
    const again = await loadClientRegistry(t.handle.db);
    expect(again.byCode('JS')!.hostNames).toContain('travel.example');
    expect(again.byCode('JS')!.title).toBe('Theirs');

    // The host can put the seed's content back deliberately, as a new version, audited.
    const before = again.versionOf('JS');
    const version = await republishSeedContent(
      t.handle.db,
      seed.clients.find((c) => c.name === 'JS')!,
    );
    expect(version).toBe(before + 1);
    const reseeded = await loadClientRegistry(t.handle.db);
    expect(reseeded.byCode('JS')!.title).toBe(seed.clients.find((c) => c.name === 'JS')!.title);
    expect(reseeded.byCode('JS')!.hostNames).toContain('travel.example');
    expect((await auditActions('JS')).at(-1)!.action).toBe('content.reseed');

    // A publication made elsewhere (another instance, this command) arrives as a change signal:
    // the running app reads that client's newer record and serves it.
    const seedTitle = seed.clients.find((c) => c.name === 'JS')!.title;
    expect(t.registry.byCode('JS')!.title).toBe('Theirs');
    t.changes.clientChanged('JS');
    await expect.poll(() => t.registry.byCode('JS')!.title).toBe(seedTitle);
    expect(t.registry.versionOf('JS')).toBe(version);
    await expect.poll(async () => (await homePage()).body).toContain(seedTitle);
  });
});
