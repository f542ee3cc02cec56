import { describe, expect, it } from 'vitest';
import {
  baseAfterOwnChange,
  comparableValues,
  formValuesOf,
  isProductFormValues,
  libraryNameOfFile,
  plainTextOf,
  priceOfText,
  schemaInputOf,
} from './product-form-values';

const tub = {
  title: 'Oasis tub',
  price: 4999,
  category: 'oasis',
  blurb: '<p>Seats <b>six</b></p>',
};

describe('the product form’s values', () => {
  it('holds the price as typed, and gives the schema the number it reads as', () => {
    const defaults = { saleMode: 'buy', stockMode: 'untracked', stockCount: '', leadTimeDays: '' };
    expect(formValuesOf(tub)).toEqual({ ...tub, price: '4999', ...defaults });
    expect(priceOfText(' 1250 ')).toBe(1250);
    expect(priceOfText('12.5')).toBe(12.5);
    expect(priceOfText('-3')).toBe(-3);
    for (const typed of ['', '  ', '12,50', 'ten', '0x10', '1e3', '12.']) {
      expect(priceOfText(typed), typed).toBeNaN();
    }
    expect(schemaInputOf({ ...formValuesOf(tub), price: '12,50' }).price).toBeNaN();
    expect(schemaInputOf(formValuesOf(tub))).toEqual({
      ...tub,
      saleMode: 'buy',
      stockMode: 'untracked',
      stockCount: null,
      leadTimeDays: null,
    });
  });

  it('sends only the number the chosen stock mode reads (issue 35)', () => {
    const counted = {
      ...formValuesOf(tub),
      stockMode: 'count',
      stockCount: '3',
      leadTimeDays: 'x',
    };
    expect(schemaInputOf(counted)).toMatchObject({ stockCount: 3, leadTimeDays: null });
    const made = { ...counted, stockMode: 'made_to_order', leadTimeDays: '14' };
    expect(schemaInputOf(made)).toMatchObject({ stockCount: null, leadTimeDays: 14 });
  });

  it('takes back a kept draft only when every field is text', () => {
    expect(isProductFormValues(formValuesOf(tub))).toBe(true);
    expect(isProductFormValues(tub)).toBe(false);
    expect(isProductFormValues({ title: 'a', price: '1', category: 'oasis' })).toBe(false);
    expect(isProductFormValues(null)).toBe(false);
    expect(isProductFormValues('draft')).toBe(false);
  });

  it('shows a description as words when two versions are compared', () => {
    expect(plainTextOf('<p>Seats <b>six</b> &amp; more</p><ul><li>Jets</li></ul>')).toBe(
      'Seats six & more Jets',
    );
    expect(plainTextOf('')).toBe('');
    const theirs = formValuesOf(tub);
    const mine = { ...theirs, blurb: '<p>Seats <i>six</i></p>' };
    expect(comparableValues(theirs, mine).blurb).toBe('Seats six (formatting)');
    expect(comparableValues(theirs, { ...theirs, blurb: '<p>Seats eight</p>' }).blurb).toBe(
      'Seats six',
    );
    expect(comparableValues(theirs, theirs).blurb).toBe('Seats six');
  });

  it('moves the edit’s base on after the owner’s own change, not after someone else’s', () => {
    expect(baseAfterOwnChange(4, 5)).toBe(5);
    // Someone else saved version 5; the owner's picture change made 6: the base stays.
    expect(baseAfterOwnChange(4, 6)).toBe(4);
    expect(baseAfterOwnChange(null, 1)).toBe(null);
    expect(baseAfterOwnChange('4', 5)).toBe('4');
  });

  it('names the library picture the chooser gives', () => {
    expect(libraryNameOfFile('library/m-0a1b2c3d4e5f.jpeg')).toBe('m-0a1b2c3d4e5f');
  });
});
