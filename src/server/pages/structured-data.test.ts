import { describe, expect, it } from 'vitest';
import { openingHoursSpecification, textOfHtml } from './structured-data.js';

describe('openingHoursSpecification', () => {
  it('groups the days that share hours, Monday first, and leaves closed days out', () => {
    const hours = openingHoursSpecification({
      sun: { open: '10:00', close: '16:00' },
      mon: null,
      tue: { open: '09:00', close: '17:30' },
      wed: { open: '09:00', close: '17:30' },
      thu: { open: '09:00', close: '20:00' },
      fri: { open: '09:00', close: '17:30' },
      sat: null,
    });
    expect(hours).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Tuesday', 'Wednesday', 'Friday'],
        opens: '09:00',
        closes: '17:30',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Thursday'],
        opens: '09:00',
        closes: '20:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Sunday'],
        opens: '10:00',
        closes: '16:00',
      },
    ]);
  });
});

describe('textOfHtml', () => {
  it('keeps the words of sanitised HTML, with entities read', () => {
    expect(
      textOfHtml(
        '<p>Seats &amp; jets</p><ul><li>4&nbsp;adults</li><li>It&#39;s &lt;big&gt;</li></ul>',
      ),
    ).toBe("Seats & jets 4 adults It's <big>");
  });
});
