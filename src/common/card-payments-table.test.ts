import { describe, expect, it } from 'vitest';
import { cardPaymentsTable, type CardFigures } from './reports';

const card: CardFigures = {
  ordersPaid: 9000,
  ordersRefunded: 2000,
  depositsPaid: 3000,
  depositsRefunded: 1000,
  depositsKept: 500,
  taken: 12000,
  refunded: 3000,
  net: 9000,
};

describe('the card payments’ table', () => {
  it('has an Orders and a Deposits column, a total, kept fees for deposits only, the net', () => {
    expect(cardPaymentsTable(card, { orders: true, deposits: true })).toEqual({
      columns: ['Orders', 'Deposits', 'Total'],
      lines: [
        { label: 'Taken online', values: [9000, 3000, 12000] },
        { label: 'Refunded', values: [2000, 1000, 3000] },
        { label: 'Deposits kept as fees', values: [null, 500, 500] },
      ],
      net: { label: 'Net', values: [7000, 2000, 9000] },
    });
  });

  it('leaves out what the client does not use', () => {
    const shop = cardPaymentsTable(card, { orders: true, deposits: false });
    expect(shop.columns).toEqual(['Orders', 'Total']);
    expect(shop.lines.map((line) => line.label)).toEqual(['Taken online', 'Refunded']);
    expect(shop.net.values).toEqual([7000, 9000]);
  });
});
