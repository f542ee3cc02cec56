import { describe, expect, it } from 'vitest';
import { clientConfigSchema, type ClientConfigInput } from '../../common/client-config.js';
import { createClientRegistry } from './client-registry.js';
import { previewCookieFrom, previewCookieHeader, resolveClient } from './resolve-client.js';

function client(name: string, hostNames: string[]): ClientConfigInput {
  return {
    name,
    title: `${name} Ltd`,
    description: 'A business',
    hostNames,
    email: `hello@${name.toLowerCase()}.example`,
    address: '1 High Street',
    contactHeader: 'Contact',
    contactBlurb: 'Get in touch',
    menuType: 'bar',
    headerType: 'Min',
    menuItems: [],
    footerType: 'Min',
    showContactFormOnFooter: false,
    usesCart: false,
    pictureLocation: `/media/${name}`,
    workingFolder: 'slides',
    pictureExtension: 'jpg',
    picturesForSlide: [],
    welcome: { heading: 'Welcome', paragraphs: ['Hello'] },
    about: { heading: 'About', paragraphs: [] },
    successTitle: 'Sent',
    successText: 'Thanks',
    failureTitle: 'Failed',
    failureText: 'Sorry',
    reviewTitle: '',
    reviewBlurb: '',
    emailService: {
      userId: `pub_${name}`,
      serviceId: 's',
      templates: { order: 'o', contact: 'c', travel: 't' },
    },
  };
}

const registry = createClientRegistry(
  [client('JS', ['js.localhost']), client('RRB', ['rrb.localhost', 'www.rrb.example'])].map((c) =>
    clientConfigSchema.parse(c),
  ),
);
const preview = { preview: true, defaultCode: 'JS' };

describe('resolveClient', () => {
  it('uses the host name, ignoring case and port', () => {
    const r = resolveClient(
      { host: 'WWW.RRB.example:8080', previewCode: undefined, cookieCode: undefined },
      registry,
      preview,
    );
    expect(r.ok && r.client.name).toBe('RRB');
  });

  it('falls back to the default client for an unknown host', () => {
    const r = resolveClient(
      { host: 'localhost', previewCode: undefined, cookieCode: undefined },
      registry,
      preview,
    );
    expect(r.ok && r.client.name).toBe('JS');
  });

  it('lets ?client= win when preview is on, and asks to remember it', () => {
    const r = resolveClient(
      { host: 'js.localhost', previewCode: 'rrb', cookieCode: undefined },
      registry,
      preview,
    );
    expect(r).toMatchObject({ ok: true, rememberCode: 'RRB' });
  });

  it('uses a remembered code only when the host names no client', () => {
    const onLocalhost = resolveClient(
      { host: 'localhost', previewCode: undefined, cookieCode: 'RRB' },
      registry,
      preview,
    );
    expect(onLocalhost.ok && onLocalhost.client.name).toBe('RRB');
    const onJsHost = resolveClient(
      { host: 'js.localhost', previewCode: undefined, cookieCode: 'RRB' },
      registry,
      preview,
    );
    expect(onJsHost.ok && onJsHost.client.name).toBe('JS');
  });

  it('ignores ?client= and the cookie when preview is off', () => {
    const off = { preview: false, defaultCode: 'JS' };
    const r = resolveClient(
      { host: 'localhost', previewCode: 'RRB', cookieCode: 'RRB' },
      registry,
      off,
    );
    expect(r.ok && r.client.name).toBe('JS');
  });

  it('refuses an unknown code with the known codes, echoing only a code-like value', () => {
    const unknown = resolveClient(
      { host: 'localhost', previewCode: 'ZZ', cookieCode: undefined },
      registry,
      preview,
    );
    expect(unknown).toEqual({
      ok: false,
      message: 'There is no client with the code "ZZ". Known codes: JS, RRB.',
    });
    const markup = resolveClient(
      { host: 'localhost', previewCode: '<b>x</b>', cookieCode: undefined },
      registry,
      preview,
    );
    expect(markup.ok).toBe(false);
    expect(!markup.ok && markup.message).not.toContain('<b>');
  });

  it('lists 20 known codes of a thousand, not all of them', () => {
    const many = createClientRegistry(
      Array.from({ length: 1000 }, (_, i) =>
        clientConfigSchema.parse(client(`C${String(i).padStart(4, '0')}`, [])),
      ),
    );
    const unknown = resolveClient(
      { host: 'localhost', previewCode: 'ZZ', cookieCode: undefined },
      many,
      preview,
    );
    expect(!unknown.ok && unknown.message).toMatch(
      /Known codes: C0000, C0001, .*, C0019 and 980 more\.$/,
    );
  });
});

describe('the preview cookie', () => {
  it('is read from a Cookie header among others, and only when it holds a code', () => {
    expect(previewCookieFrom('hs_client=RRB')).toBe('RRB');
    expect(previewCookieFrom('a=1; hs_client=se; b=2')).toBe('se');
    expect(previewCookieFrom('xhs_client=RRB')).toBeUndefined();
    expect(previewCookieFrom('hs_client=<b>; a=1')).toBeUndefined();
    expect(previewCookieFrom(undefined)).toBeUndefined();
  });

  it('is HttpOnly and SameSite=Lax, and Secure when asked', () => {
    expect(previewCookieHeader('RRB', true)).toBe(
      'hs_client=RRB; Max-Age=2592000; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
    expect(previewCookieHeader('RRB', false)).not.toContain('Secure');
  });
});
