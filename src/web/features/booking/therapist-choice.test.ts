import { describe, expect, it } from 'vitest';
import type { StaffList } from '@common/staff';
import { keepTherapist, therapistsFor } from './therapist-choice';

const staff: StaffList = [
  { id: 1, name: 'Eilidh', bio: '', photo: null, treatmentIds: [1, 2, 7] },
  { id: 2, name: 'Morven', bio: '', photo: null, treatmentIds: [7, 11] },
];

describe('therapistsFor', () => {
  it('lists only those who perform every chosen treatment, in order', () => {
    expect(therapistsFor(staff, [7]).map((m) => m.id)).toEqual([1, 2]);
    expect(therapistsFor(staff, [1, 7]).map((m) => m.id)).toEqual([1]);
    expect(therapistsFor(staff, [1, 11])).toEqual([]);
    expect(therapistsFor(staff, []).map((m) => m.id)).toEqual([1, 2]);
  });
});

describe('keepTherapist', () => {
  it('keeps any therapist and a therapist who still performs them all', () => {
    expect(keepTherapist(staff, null, [1, 11])).toEqual({ staffId: null, note: '' });
    expect(keepTherapist(staff, 2, [7, 11])).toEqual({ staffId: 2, note: '' });
  });
  it('goes back to any therapist, naming who does not perform a treatment', () => {
    const kept = keepTherapist(staff, 2, [7, 1]);
    expect(kept.staffId).toBeNull();
    expect(kept.note).toMatch(/^Morven does not offer every treatment/);
  });
});
