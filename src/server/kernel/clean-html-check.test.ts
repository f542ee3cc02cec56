import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlainDescription } from './clean-html-check.js';
import { purifyBlurb, sanitiseBlurb } from './sanitise-html.js';

const seedBlurbs = [
  ...new Set(
    (
      JSON.parse(
        readFileSync(join(import.meta.dirname, '../../../seed/products.json'), 'utf8'),
      ) as Array<{ blurb: string }>
    ).map((p) => p.blurb),
  ),
];

const editorOutput =
  '<h3>Seats</h3><p>Six <em>adults</em></p><h4>Jets</h4>' +
  '<ol><li><p>Deep</p></li><li><p>Quiet</p></li></ol>' +
  '<ul><li><p><strong>Pump</strong></p></li></ul>' +
  '<p>Read the <a href="https://example.com/manual">manual</a> or <a href="/contact">ask</a></p>' +
  '<p>1.93 m × 1.93 m &amp; <img src="/media/SE/a.jpeg" alt="Tub"><br>Call <a href="tel:+441314960418">us</a></p>';

describe('isPlainDescription', () => {
  it('takes the seed’s and the editor’s descriptions as they are, as DOMPurify would', async () => {
    expect(seedBlurbs.length).toBeGreaterThan(10);
    for (const html of [...seedBlurbs, editorOutput]) {
      expect(isPlainDescription(html), html).toBe(true);
      // The shortcut is only sound if DOMPurify returns such text unchanged.
      expect(await purifyBlurb(html)).toBe(html);
    }
  });

  it.each([
    ['a script', '<p>a</p><script>alert(1)</script>'],
    ['an event handler', '<img src="/a.jpeg" onerror="alert(1)">'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['a javascript: link with a space', '<a href=" javascript:alert(1)">x</a>'],
    ['an entity-hidden javascript: link', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['a data: picture', '<img src="data:image/svg+xml,x">'],
    ['SVG', '<svg><p>x</p></svg>'],
    ['MathML', '<math><mi>x</mi></math>'],
    ['a comment', '<p>a<!-- b --></p>'],
    ['a style element', '<style>p{}</style>'],
    ['an id', '<p id="client-config">x</p>'],
    ['a class', '<p class="overlay">x</p>'],
    ['a style attribute', '<p style="position:fixed">x</p>'],
    ['a form control', '<p><input name="card"></p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['a template', '<template><p>x</p></template>'],
    ['markup in an attribute', '<img src="/a.jpeg" alt="</style><script>">'],
    ['text the serialiser writes otherwise', '<p>a & b</p>'],
    ['an unclosed element', '<p>a'],
    ['upper-case tags', '<P>a</P>'],
    ['an unquoted attribute', '<a href=/contact>x</a>'],
  ])('sends a description with %s to DOMPurify', (_, html) => {
    expect(isPlainDescription(html)).toBe(false);
  });

  it('leaves sanitiseBlurb’s answers as they were for text that is not plain', async () => {
    const html = '<p onclick="x()">Once <script>y()</script><a href="javascript:z()">a</a></p>';
    expect(await sanitiseBlurb(html)).toBe(await purifyBlurb(html));
    expect(await sanitiseBlurb(html)).toBe('<p>Once <a>a</a></p>');
  });
});
