import { describe, expect, it } from 'vitest';
import { openingHoursSpecification, textOfHtml } from './structured-data.js';

describe('openingHoursSpecification', () => {
  const span = (start: string, end: string) => ({ start, end });
  it('groups the days that share hours, Monday first, and leaves closed days out', () => {
    const hours = openingHoursSpecification({
      sun: [span('10:00', '16:00')],
      mon: [],
      tue: [span('09:00', '17:30')],
      wed: [span('09:00', '17:30')],
      thu: [span('09:00', '20:00')],
      fri: [span('09:00', '17:30')],
      sat: [],
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

  it('gives a day with a break one specification per span, shared with days of the same spans', () => {
    const withLunch = [span('09:00', '12:30'), span('13:30', '17:00')];
    const hours = openingHoursSpecification({
      sun: [],
      mon: withLunch,
      tue: [span('09:00', '12:30')],
      wed: withLunch,
      thu: [],
      fri: [],
      sat: [],
    });
    expect(hours.map((spec) => [spec.dayOfWeek, spec.opens, spec.closes])).toEqual([
      [['Monday', 'Wednesday'], '09:00', '12:30'],
      [['Monday', 'Wednesday'], '13:30', '17:00'],
      [['Tuesday'], '09:00', '12:30'],
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
