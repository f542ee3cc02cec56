import { describe, expect, it } from 'vitest';
import { sanitiseBlurb } from './sanitise-html.js';

describe('sanitiseBlurb', () => {
  it('keeps the formatting of a description', async () => {
    expect(await sanitiseBlurb('<p>Seats <strong>six</strong></p><ul><li>Jets</li></ul>')).toBe(
      '<p>Seats <strong>six</strong></p><ul><li>Jets</li></ul>',
    );
  });

  it('keeps everything the back office’s rich-text editor writes, unchanged', async () => {
    const written =
      '<h3>Seats</h3><p>Six <em>adults</em></p><h4>Jets</h4>' +
      '<ol><li><p>Deep</p></li><li><p>Quiet</p></li></ol>' +
      '<ul><li><p><strong>Pump</strong></p></li></ul>' +
      '<p>Read the <a href="https://example.com/manual">manual</a> or <a href="/contact">ask</a></p>';
    expect(await sanitiseBlurb(written)).toBe(written);
  });

  it('removes scripts, event handlers, javascript: links, styles and forms', async () => {
    const clean = await sanitiseBlurb(
      '<p>Deep</p><script>alert(1)</script><img src="x" onerror="alert(2)">' +
        '<a href="javascript:alert(3)">link</a><style>body{display:none}</style>' +
        '<form action="/x"><input name="card"><button>Pay</button></form>' +
        '<svg><script>alert(4)</script></svg><iframe src="https://evil.example"></iframe>',
    );
    expect(clean).toContain('<p>Deep</p>');
    expect(clean).not.toMatch(/<script|onerror|javascript:|<style|<form|<input|<button|<iframe/i);
  });

  it('drops id, name, style and class, which let a description clobber or cover the page', async () => {
    const clean = await sanitiseBlurb(
      '<p id="client-config">{"title":"x"}</p><a name="page-data" href="https://example.com/">a</a>' +
        '<div style="position:fixed;inset:0;z-index:9999" class="overlay">Sale</div>' +
        '<img id="root" src="/media/SE/a.jpeg" alt="Tub">',
    );
    expect(clean).toBe(
      '<p>{"title":"x"}</p><a href="https://example.com/">a</a><div>Sale</div>' +
        '<img src="/media/SE/a.jpeg" alt="Tub">',
    );
  });

  it('drops every form control, not only the form', async () => {
    const clean = await sanitiseBlurb(
      '<p>Size</p><fieldset><legend>Pick</legend><label>Card</label>' +
        '<select><optgroup label="a"><option>1</option></optgroup></select>' +
        '<datalist><option value="x"></option></datalist><output>3</output>' +
        '<input type="password"><textarea>t</textarea><button>Pay</button></fieldset>',
    );
    expect(clean).not.toMatch(
      /<(fieldset|legend|label|select|optgroup|option|datalist|output|input|textarea|button)\b/i,
    );
    expect(clean).toContain('<p>Size</p>');
  });

  it('answers the same for the same description, from memory the second time', async () => {
    const html = '<p onclick="x()">Twice</p>';
    expect(await sanitiseBlurb(html)).toBe('<p>Twice</p>');
    expect(await sanitiseBlurb(html)).toBe('<p>Twice</p>');
  });
});
