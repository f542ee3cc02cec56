import { describe, expect, it } from 'vitest';
import type { Treatment } from './booking';
import { asDoneBy, pricingsOf, totalsRange } from './therapist-prices';

const treatment = (ID: number, Price: number, Duration: number) =>
  ({ ID, Name: `T${ID}`, Price, Duration }) as Treatment;
const facial = treatment(1, 40, 60);
const brows = treatment(2, 12.5, 15);

const eilidh = { own: [{ treatmentId: 1, pricePence: 5500, durationMinutes: 75 }] };
const morven = { own: [{ treatmentId: 2, pricePence: null, durationMinutes: 20 }] };
const kirsty = {};

describe('asDoneBy', () => {
  it("takes the therapist's own price and length where they have one, the treatment's elsewhere", () => {
    expect(asDoneBy(eilidh, [facial, brows])).toEqual([
      { ...facial, Price: 55, Duration: 75 },
      brows,
    ]);
    expect(asDoneBy(morven, [facial, brows])).toEqual([facial, { ...brows, Duration: 20 }]);
    expect(asDoneBy(kirsty, [facial])).toEqual([facial]);
    expect(asDoneBy(undefined, [facial])).toEqual([facial]);
  });
});

describe('totalsRange', () => {
  it('is one total with a chosen therapist or with no staff', () => {
    expect(totalsRange(pricingsOf([facial, brows], [eilidh]))).toEqual({
      low: { price: 67.5, minutes: 90 },
      high: { price: 67.5, minutes: 90 },
    });
    expect(totalsRange(pricingsOf([facial, brows], []))).toEqual({
      low: { price: 52.5, minutes: 75 },
      high: { price: 52.5, minutes: 75 },
    });
  });

  it('spans every therapist who could be given the booking, for any therapist', () => {
    expect(totalsRange(pricingsOf([facial, brows], [eilidh, morven, kirsty]))).toEqual({
      low: { price: 52.5, minutes: 75 },
      high: { price: 67.5, minutes: 90 },
    });
  });

  it('adds in pence', () => {
    const cheap = [treatment(3, 0.1, 5), treatment(4, 0.2, 5)];
    expect(totalsRange(pricingsOf(cheap, [])).low.price).toBe(0.3);
  });
});
