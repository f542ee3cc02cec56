import { describe, expect, it } from 'vitest';
import { classNamesIn, compactCss, createCriticalCss } from './critical-css.js';

const sheet = [
  '/* a comment {with a brace} */',
  ':where(:root){--gap:1rem}',
  '*,:before{box-sizing:border-box}',
  'body{margin:0}',
  '.card{padding:1rem}',
  '.card .card__title,.dialog .dialog__title{font-weight:700}',
  '.card:hover{outline:1px solid}',
  '.button:focus-visible,.button[disabled]{opacity:.5}',
  '.field[aria-invalid=true],.field[aria-invalid="true"] .hint{border-color:red}',
  '.tab[aria-selected=true]{font-weight:700}',
  'input[type^=dat]{width:10rem}',
  '.menu:not(.menu--open) .menu__list{display:none}',
  '.menu:has(.menu__toggle[aria-expanded=true]){display:block}',
  'a:is(.card,.dialog){color:red}',
  '.quote:before{content:"{ not a block }"}',
  '@media (min-width:48rem){.card{padding:2rem}.dialog{width:40rem}}',
  '@media print{.card{border:0}}',
  '@media (prefers-reduced-motion:reduce){*{animation:none!important}}',
  '@supports (display:grid){.grid{display:grid}}',
  '@font-face{font-family:X;src:url(x.woff2)}',
  '.ticker{animation:ticker-scroll 10s linear infinite}',
  '@keyframes ticker-scroll{0%{transform:none}to{transform:translate(-100%)}}',
  '@keyframes unused{0%{opacity:0}}',
].join('');

describe('classNamesIn', () => {
  it('reads every class of every element, and nothing else', () => {
    const html =
      '<div class="card  card--big"><p class="card__title">class="fake"</p><svg class="icon"></svg><i data-class="x"></i></div>';
    expect([...classNamesIn(html)].sort()).toEqual(['card', 'card--big', 'card__title', 'icon']);
  });
});

describe('createCriticalCss', () => {
  const critical = createCriticalCss(sheet);

  it("keeps the rules of the page's classes and the rules without a class, in order", () => {
    const css = critical.forHtml('<div class="card"><h2 class="card__title">x</h2></div>');
    expect(css).toBe(
      ':where(:root){--gap:1rem}*,:before{box-sizing:border-box}body{margin:0}.card{padding:1rem}' +
        '.card .card__title{font-weight:700}a:is(.card,.dialog){color:red}' +
        '@media (min-width:48rem){.card{padding:2rem}}' +
        '@media (prefers-reduced-motion:reduce){*{animation:none!important}}' +
        '@font-face{font-family:X;src:url(x.woff2)}',
    );
  });

  it('drops interaction states and print rules, and keeps a state the markup has', () => {
    const css = critical.forHtml('<button class="button card" disabled>x</button>');
    expect(css).not.toContain(':hover');
    expect(css).not.toContain(':focus-visible');
    expect(css).toContain('.button[disabled]{opacity:.5}');
    expect(css).not.toContain('border:0');
  });

  it('needs the attributes a selector names, with the value it names', () => {
    const valid = critical.forHtml('<input class="field" aria-invalid="false"><p class="tab">');
    expect(valid).not.toContain('aria-invalid');
    expect(valid).not.toContain('aria-selected');
    const invalid = critical.forHtml(
      '<input class="field" aria-invalid="true"/><i class="hint"></i><p class="tab" aria-selected="true">',
    );
    expect(invalid).toContain('.field[aria-invalid=true],.field[aria-invalid="true"] .hint{');
    expect(invalid).toContain('.tab[aria-selected=true]{');
    expect(critical.forHtml('<input type="date">')).toContain('input[type^=dat]{');
    expect(critical.forHtml('<input type="text">')).toContain('input[type^=dat]{');
    expect(critical.forHtml('<p class="x">')).not.toContain('input[type^=dat]{');
  });

  it('needs only the classes outside :not() and :has(), and reads braces in strings as text', () => {
    const css = critical.forHtml(
      '<nav class="menu"><ul class="menu__list"></ul></nav><q class="quote">',
    );
    expect(css).toContain('.menu:not(.menu--open) .menu__list{display:none}');
    expect(css).toContain('.menu:has(.menu__toggle[aria-expanded=true]){display:block}');
    expect(css).toContain('.quote:before{content:"{ not a block }"}');
  });

  it('keeps a group only with rules in it, and keyframes only when a kept rule runs them', () => {
    expect(critical.forHtml('<p class="other">')).not.toContain('@supports');
    expect(critical.forHtml('<div class="grid">')).toContain(
      '@supports (display:grid){.grid{display:grid}}',
    );
    const ticker = critical.forHtml('<div class="ticker">');
    expect(ticker).toContain('@keyframes ticker-scroll{');
    expect(ticker).not.toContain('@keyframes unused');
    expect(critical.forHtml('<div class="card">')).not.toContain('@keyframes');
  });

  it('gives the same selection for pages with the same classes', () => {
    const first = critical.forHtml('<div class="card"></div>');
    expect(critical.forHtml('<section class="card">other words</section>')).toBe(first);
  });
});

describe('compactCss', () => {
  it('drops comments and layout whitespace, and keeps strings and descendant spaces', () => {
    const theme = [
      '/* Calm water: a comment. */',
      ':root {',
      '  --color-primary: #0b5563;',
      "  --font-body:\n    system-ui, 'Segoe UI',  sans-serif;",
      '}',
      '',
      'h1,',
      'h2 > a :hover {',
      '  content: "  two  spaces; /* not a comment */ ";',
      '}',
    ].join('\n');
    expect(compactCss(theme)).toBe(
      ":root{--color-primary:#0b5563;--font-body:system-ui,'Segoe UI',sans-serif}" +
        'h1,h2>a :hover{content:"  two  spaces; /* not a comment */ "}',
    );
  });
});
