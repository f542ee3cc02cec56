import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientConfigSchema, type ClientConfig } from './client-config';
import { linkMessages } from './link-rules';
import { logoFileOf } from './logo';
import { textMessages } from './text-rules';
import { checkSiteContent, ownerContentKeys, siteContentOf, withSiteContent } from './site-content';

const seedClients = join(import.meta.dirname, '../../seed/clients');
const records: ClientConfig[] = readdirSync(seedClients).map((file) =>
  clientConfigSchema.parse(JSON.parse(readFileSync(join(seedClients, file), 'utf8'))),
);
const js = records.find((r) => r.name === 'JS')!;

describe("the owner's part of a client record", () => {
  it.each(records.map((r) => [r.name, r] as const))(
    '%s: its content passes the rules and puts the record back together unchanged',
    (_name, record) => {
      const checked = checkSiteContent(siteContentOf(record));
      expect(checked).toMatchObject({ ok: true });
      expect(withSiteContent(record, siteContentOf(record))).toEqual(record);
    },
  );

  it('never holds what the host owns', () => {
    for (const key of ['name', 'hostNames', 'emailService', 'booking', 'usesCart', 'timeZone']) {
      expect(ownerContentKeys).not.toContain(key);
      expect(Object.keys(siteContentOf(js))).not.toContain(key);
    }
  });

  it('takes a logo placed from the media folder, and no path out of it', () => {
    expect(logoFileOf(js)).toBe('logo.svg');
    const placed = checkSiteContent({ ...siteContentOf(js), logo: 'library/m-0a1b2c3d4e5f.jpeg' });
    if (!placed.ok) throw new Error(JSON.stringify(placed.issues));
    expect(logoFileOf(withSiteContent(js, placed.content))).toBe('library/m-0a1b2c3d4e5f.jpeg');
    expect(checkSiteContent({ ...siteContentOf(js), logo: '../RRB/logo.svg' })).toMatchObject({
      ok: false,
      issues: [{ path: 'logo' }],
    });
  });

  it('keeps the host fields of the record and removes an optional field the owner cleared', () => {
    const { telephoneNo: _phone, ...content } = siteContentOf(js);
    const merged = withSiteContent(js, { ...content, title: 'New title' });
    expect(merged.title).toBe('New title');
    expect(merged.telephoneNo).toBeUndefined();
    expect(merged.hostNames).toEqual(js.hostNames);
    expect(merged.emailService).toEqual(js.emailService);
  });

  it('names each field with a problem, and host fields sent by an owner', () => {
    const result = checkSiteContent({
      ...siteContentOf(js),
      email: 'nope',
      menuItems: [{ route: 'about', display: '' }],
      hostNames: ['x.example'],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'must be an e-mail address' },
        { path: 'menuItems.0.route', message: linkMessages.sitePath },
        { path: '', message: 'hostNames is set by the host, not in the back office' },
      ]),
    );
    expect(result.issues.some((i) => i.path === 'menuItems.0.display')).toBe(true);
  });

  it('refuses links that run script or leave the site, naming each field (issue 30, item 17)', () => {
    const content = siteContentOf(js);
    const result = checkSiteContent({
      ...content,
      socialMedia: {
        ...content.socialMedia,
        facebook: { link: 'javascript:alert(1)', display: 'f' },
      },
      whatsappLink: 'data:text/html,<script>alert(1)</script>',
      menuItems: [
        { route: '//evil.example', display: 'Home' },
        { route: '/\\evil.example', display: 'Away' },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { path: 'socialMedia.facebook.link', message: linkMessages.webLink },
        { path: 'whatsappLink', message: linkMessages.webLink },
        { path: 'menuItems.0.route', message: linkMessages.sitePath },
        { path: 'menuItems.1.route', message: linkMessages.sitePath },
      ]),
    );
  });

  it('refuses control characters in any text, however deep, by its path (issue 30, item 8)', () => {
    const content = siteContentOf(js);
    const result = checkSiteContent({
      ...content,
      title: 'Jet\u0000Set',
      welcome: { ...content.welcome, paragraphs: ['fine', 'bell\u0007'] },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { path: 'title', message: textMessages.control },
        { path: 'welcome.paragraphs.1', message: textMessages.control },
      ]),
    );
    expect(checkSiteContent({ ...content, title: 'Line one\nline two\ttab' }).ok).toBe(true);
  });
});
