import { describe, expect, it } from 'vitest';
import { sanitiseBlurb } from './sanitise-html.js';

describe('sanitiseBlurb', () => {
  it('keeps the formatting of a description', async () => {
    expect(await sanitiseBlurb('<p>Seats <strong>six</strong></p><ul><li>Jets</li></ul>')).toBe(
      '<p>Seats <strong>six</strong></p><ul><li>Jets</li></ul>',
    );
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

  it('answers the same for the same description, from memory the second time', async () => {
    const html = '<p onclick="x()">Twice</p>';
    expect(await sanitiseBlurb(html)).toBe('<p>Twice</p>');
    expect(await sanitiseBlurb(html)).toBe('<p>Twice</p>');
  });
});
