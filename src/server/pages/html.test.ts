import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readSeed } from '../db/seed.js';
import { escapeHtml } from '../kernel/escape-html.js';
import { jsonForScript, publicClientConfig, renderPage, takeSiteStylesheet } from './html.js';

const root = join(import.meta.dirname, '../../..');
const template = readFileSync(join(root, 'src/web/index.html'), 'utf8');
const js = readSeed(join(root, 'seed')).clients.find((c) => c.name === 'JS')!;

describe('renderPage', () => {
  it('fills the title, stylesheet, description and config before any script', () => {
    const html = renderPage(template, js);
    expect(html).toContain(`<title>${js.title}</title>`);
    expect(html).toContain('<link rel="stylesheet" href="/themes/JS.css">');
    expect(html.indexOf('/themes/JS.css')).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html).toContain('<meta name="description"');
    expect(html).not.toContain('<!--app-');
  });

  it('embeds the record without its host names and site text (issue 37: lean HTML)', () => {
    const html = renderPage(template, js);
    const config = JSON.parse(/id="client-config">(.*?)<\/script>/s.exec(html)![1]!) as object;
    expect(config).toMatchObject({ name: 'JS', title: js.title, menuItems: js.menuItems });
    for (const key of ['hostNames', 'home', 'welcome', 'about', 'pages']) {
      expect(Object.keys(config)).not.toContain(key);
    }
    expect(html).not.toContain(js.welcome.heading);
    // Made once per record (records are replaced, never changed).
    expect(publicClientConfig(js)).toBe(publicClientConfig(js));
  });

  it('cannot be broken out of by client text', () => {
    const hostile = {
      ...js,
      title: '</title><script>alert(1)</script>',
      description: '"><img onerror=x>',
    };
    const html = renderPage(template, hostile);
    // As a browser reads it: only the template's scripts are elements; the texts are text.
    const { document } = new JSDOM(html).window;
    expect(document.querySelectorAll('img')).toHaveLength(0);
    expect(
      [...document.querySelectorAll('script')].map((script) => script.id || script.type),
    ).toEqual(['client-config', 'module']);
    expect(document.title).toBe(hostile.title);
    const config = document.getElementById('client-config')!.textContent!;
    expect(JSON.parse(config).title).toBe(hostile.title);
  });

  it("keeps an owner's title word for word, $ patterns included (issue 30, item 14)", () => {
    for (const title of ["Tom's $` shop", "Tom's $' shop", 'A $& B', 'Cash $$ only', 'Group $1']) {
      const html = renderPage(template, { ...js, title });
      expect(html).toContain(`<title>${escapeHtml(title)}</title>`);
      expect(html.match(/<html/g)).toHaveLength(1);
    }
  });

  it('puts the prerendered screen inside #root, word for word', () => {
    const appHtml = '<main id="main"><h1>Price $& $1 £45.00</h1></main>';
    const html = renderPage(template, js, appHtml);
    expect(html).toContain(`<div id="root">${appHtml}</div>`);
    expect(renderPage(template, js)).toContain('<div id="root"></div>');
  });

  it('escapes the characters that could end a script element', () => {
    expect(jsonForScript({ a: '</script><!--' })).toBe('{"a":"\\u003c/script>\\u003c!--"}');
    const hostile = '<p>a</p></SCRIPT ><!-- <script> -->\u2028&amp;';
    const json = jsonForScript({ hostile });
    expect(json).not.toMatch(/<[/!]/);
    expect(json).toContain('<p>a');
    expect(JSON.parse(json)).toEqual({ hostile });
  });

  it('inlines the client theme before the app stylesheet and script, or links it if unread', () => {
    const theme = ':root { --color-primary: #123456; }';
    const html = renderPage(template, js, '', { queries: [] }, theme);
    expect(html).toContain(`<style data-theme="JS">${theme}</style>`);
    expect(html).not.toContain('/themes/JS.css');
    expect(html.indexOf('data-theme')).toBeLessThan(html.indexOf('<script type="module"'));
    expect(
      renderPage(template, js, '', { queries: [] }, 'a{}</style><script>x</script>'),
    ).toContain('<link rel="stylesheet" href="/themes/JS.css">');
  });

  it("puts the page's prefetched queries into a JSON data block and preloads its picture", () => {
    const queries = [{ queryKey: ['product', '2'], data: { title: '</script><script>x()' } }];
    const preloadImage = {
      set: { path: '/media/SE/pics/2/1', width: 800, height: 600, widths: [320, 640, 800] },
      sizes: '100vw',
    };
    const html = renderPage(template, js, '', { queries, preloadImage });
    const block = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html);
    expect(JSON.parse(block![1]!)).toEqual(queries);
    expect(html).toContain(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/media/SE/pics/2/1-320.avif 320w, /media/SE/pics/2/1-640.avif 640w, /media/SE/pics/2/1-800.avif 800w" imagesizes="100vw" fetchpriority="high">',
    );
    expect(renderPage(template, js)).not.toContain('id="page-data"');
    expect(renderPage(template, js)).not.toContain('rel="preload"');
  });
});

describe('takeSiteStylesheet', () => {
  const built =
    '<head><script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
    '<!--app-head--><link rel="stylesheet" crossorigin href="/assets/style-1.css"></head>' +
    '<body><div id="root"></div><!--app-config--></body>';
  const sheet = 'body{margin:0}.card{padding:1rem}.dialog{width:40rem}.card:hover{color:red}\n';
  const taken = takeSiteStylesheet(built, (path) => (path === 'style-1.css' ? sheet : undefined));

  it("takes the build's stylesheet link out of the template and reads the sheet", () => {
    expect(taken.template).not.toContain('<link rel="stylesheet"');
    expect(taken.template).toContain('<!--app-style-->');
    expect(taken.template).toContain('src="/assets/index-1.js"');
    expect(taken.stylesheet).toMatchObject({ href: '/assets/style-1.css', css: sheet.trim() });
  });

  it("gives a visitor's page its first-paint rules and links the whole sheet at the end", () => {
    const styles = { sheet: taken.stylesheet!, whole: false };
    const html = renderPage(
      taken.template,
      js,
      '<p class="card">x</p>',
      undefined,
      '',
      undefined,
      styles,
    );
    expect(html).toContain('<style>body{margin:0}.card{padding:1rem}</style>');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/style-1.css"><\/body>/);
    expect(html.indexOf('<style>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('inlines the whole sheet on a back-office page and on a page with no prerendered screen', () => {
    const whole = { sheet: taken.stylesheet!, whole: true };
    const part = { sheet: taken.stylesheet!, whole: false };
    for (const html of [
      renderPage(taken.template, js, '<p class="card">x</p>', undefined, '', undefined, whole),
      renderPage(taken.template, js, '', undefined, '', undefined, part),
    ]) {
      expect(html).toContain(`<style>${sheet.trim()}</style>`);
      expect(html).not.toContain('<link rel="stylesheet" href="/assets/');
    }
  });

  it('keeps the link when the file cannot be read or could close the element', () => {
    expect(takeSiteStylesheet(built, () => undefined)).toEqual({ template: built });
    expect(takeSiteStylesheet(built, () => 'a{}</STYLE><script>x</script>')).toEqual({
      template: built,
    });
  });
});
