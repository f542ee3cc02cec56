import { describe, expect, it } from 'vitest';
import { cartTableToText, decodeEntities, sanitiseCartTable } from './cart-table.js';

describe('sanitiseCartTable', () => {
  it('keeps a plain cart table as it is', () => {
    const table =
      '<table><thead><tr><th>Product</th><th>Qty</th><th>Price</th></tr></thead><tbody><tr><td>Oasis Hot Tub</td><td>1</td><td>£4.999,00</td></tr></tbody><tfoot><tr><th>Total</th><td></td><td>£4.999,00</td></tr></tfoot></table>';
    expect(sanitiseCartTable(table)).toBe(table);
  });

  it('drops every attribute, including event handlers and styles', () => {
    expect(
      sanitiseCartTable(
        '<table onclick="steal()" style="x"><tr><td class=a onmouseover=\'x\'>A</td></tr></table>',
      ),
    ).toBe('<table><tr><td>A</td></tr></table>');
  });

  it('drops scripts and styles with their content, and other tags but not their text', () => {
    expect(
      sanitiseCartTable(
        '<table><tr><td><script>alert(1)</script><a href="javascript:x"><b>Tub</b></a><img src=x onerror=alert(1)><style>td{}</style></td></tr></table>',
      ),
    ).toBe('<table><tr><td>Tub</td></tr></table>');
  });

  it('escapes text, keeps entities single-escaped, and treats a lone < as text', () => {
    expect(sanitiseCartTable('<td>Tubs &amp; covers < 3 > 2 "ok"</td>')).toBe(
      '<td>Tubs &#38; covers &#60; 3 &#62; 2 &#34;ok&#34;</td>',
    );
  });

  it('removes comments, doctype and processing instructions', () => {
    expect(sanitiseCartTable('<!-- x --><!doctype html><?php x ?><td>A</td>')).toBe('<td>A</td>');
  });

  it('closes what was left open and ignores stray closing tags', () => {
    expect(sanitiseCartTable('</td><table><tr><td>A')).toBe('<table><tr><td>A</td></tr></table>');
  });

  it('never lets a tag through, whatever the input', () => {
    const nasty = [
      '<scr<script>ipt>alert(1)</script>',
      '<svg><script>alert(1)</script></svg>',
      '<td <img src=x onerror=alert(1)>>',
      '<iframe src="x"></iframe><td>ok</td>',
      '<TD ONCLICK=x>A</TD>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    ];
    for (const input of nasty) {
      const output = sanitiseCartTable(input);
      const tags = output.match(/<[^>]*>/g) ?? [];
      for (const tag of tags)
        expect(tag).toMatch(/^<\/?(table|caption|thead|tbody|tfoot|tr|th|td)>$/);
    }
  });
});

describe('cartTableToText', () => {
  it('gives one line per row with cells separated', () => {
    const html = sanitiseCartTable(
      '<table><tr><th>Product</th><th>Qty</th></tr><tr><td>Tubs &amp; covers</td><td>2</td></tr></table>',
    );
    expect(cartTableToText(html)).toBe('Product | Qty\nTubs & covers | 2');
  });
});

describe('decodeEntities', () => {
  it('decodes numeric and common named entities and leaves unknown ones', () => {
    expect(decodeEntities('&#163;&#xa3;&pound;&amp;&unknown;&#0;')).toBe('£££&&unknown;');
  });
});
