import { describe, expect, it } from 'vitest';
import { sanitiseCartTable } from './cart-table.js';
import {
  renderHtmlTemplate,
  renderSubject,
  renderTextTemplate,
  toSingleLine,
} from './render-template.js';

describe('renderHtmlTemplate', () => {
  it('escapes {{x}}, leaves a missing value empty, and does not expand values again', () => {
    expect(
      renderHtmlTemplate('<p>{{name}}|{{missing}}|{{ note }}</p>', {
        text: { name: '<script>alert("x")</script>', note: '{{name}}' },
      }),
    ).toBe('<p>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;||{{name}}</p>');
  });

  it('inserts sanitised HTML raw in triple braces, and escapes anything else there', () => {
    const cart = sanitiseCartTable('<table><tr><td onclick="x">Tub</td></tr></table>');
    expect(
      renderHtmlTemplate('{{{cart}}} {{{name}}} {{cart}}', {
        text: { name: '<b>Ann</b>' },
        sanitisedHtml: { cart },
      }),
    ).toBe(
      '<table><tr><td>Tub</td></tr></table> &#60;b&#62;Ann&#60;/b&#62; &#60;table&#62;&#60;tr&#62;&#60;td&#62;Tub&#60;/td&#62;&#60;/tr&#62;&#60;/table&#62;',
    );
  });
});

describe('renderTextTemplate', () => {
  it('inserts values as they are', () => {
    expect(renderTextTemplate('Name: {{name}}\n{{{x}}}', { name: 'A & <B>', x: 'y' })).toBe(
      'Name: A & <B>\ny',
    );
  });
});

describe('subjects', () => {
  it('never carry CR, LF or other control characters', () => {
    const subject = renderSubject('New enquiry from {{name}}', {
      name: 'Ann\r\nBcc: victim@example.com\u0000\tX',
    });
    expect(subject).toBe('New enquiry from Ann Bcc: victim@example.com X');
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it('are cut to a sensible length', () => {
    expect(toSingleLine('x'.repeat(500), 200)).toHaveLength(200);
    expect(renderSubject('{{a}}', { a: 'y'.repeat(500) }).length).toBeLessThanOrEqual(80);
  });
});
