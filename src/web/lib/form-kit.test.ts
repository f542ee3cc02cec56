import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ApiError, noAnswerStatus } from './api-client';
import { failureMessageOf, matchIssuesToFields, problemsOf } from './form-kit';

describe('problemsOf', () => {
  it('lists every field error, nested ones by their dotted name', () => {
    const errors = {
      capacity: { type: 'server', message: 'capacity must be at least 1' },
      weeklyHours: { mon: { type: 'custom', message: 'spans must be in order' } },
      closures: { root: { type: 'custom', message: 'at most 200 closures' } },
    } as unknown as FieldErrors;
    expect(problemsOf(errors)).toEqual([
      { name: 'capacity', message: 'capacity must be at least 1' },
      { name: 'weeklyHours.mon', message: 'spans must be in order' },
      { name: 'closures.root', message: 'at most 200 closures' },
    ]);
  });
});

describe('matchIssuesToFields', () => {
  it('puts the server’s issues on the form’s fields and keeps the rest apart', () => {
    const values = { capacity: 0, weeklyHours: { mon: [] }, closures: [] };
    const { onFields, elsewhere } = matchIssuesToFields(
      [
        { path: 'rules.capacity', message: 'capacity must be at least 1' },
        { path: 'rules.weeklyHours.mon', message: 'spans must be in order' },
        { path: 'version', message: 'must be a number' },
        { path: '', message: 'the whole request' },
      ],
      values,
      'rules.',
    );
    expect(onFields).toEqual([
      { name: 'capacity', message: 'capacity must be at least 1' },
      { name: 'weeklyHours.mon', message: 'spans must be in order' },
    ]);
    expect(elsewhere.map((issue) => issue.path)).toEqual(['version', '']);
  });
});

describe('matchIssuesToFields with renamed paths', () => {
  it('puts an issue of the request on the form field that makes it', () => {
    const { onFields, elsewhere } = matchIssuesToFields(
      [
        { path: 'startTime', message: 'Sorry, 16:00 has just been booked' },
        { path: 'other', message: 'not a field' },
      ],
      { date: '2027-05-04', time: '16:00' },
      '',
      { startTime: 'time' },
    );
    expect(onFields).toEqual([{ name: 'time', message: 'Sorry, 16:00 has just been booked' }]);
    expect(elsewhere.map((issue) => issue.path)).toEqual(['other']);
  });

  it('puts an issue of a list item on the box of that place', () => {
    const { onFields } = matchIssuesToFields(
      [{ path: 'pictures.1.alt', message: 'Please keep the description under 200 characters' }],
      {
        pictures: [
          { path: 'a', alt: '' },
          { path: 'b', alt: 'x' },
        ],
      },
    );
    expect(onFields).toEqual([
      { name: 'pictures.1.alt', message: 'Please keep the description under 200 characters' },
    ]);
  });
});

describe('failureMessageOf', () => {
  it('says the server’s reason for a refusal or a lost connection, else the screen’s words', () => {
    expect(failureMessageOf(new ApiError(409, 'Changed elsewhere.'), 'fallback')).toBe(
      'Changed elsewhere.',
    );
    expect(failureMessageOf(new ApiError(noAnswerStatus, 'No connection.'), 'fallback')).toBe(
      'No connection.',
    );
    expect(failureMessageOf(new ApiError(500, 'Internal'), 'fallback')).toBe('fallback');
    expect(failureMessageOf(new Error('boom'), 'fallback')).toBe('fallback');
  });
});
