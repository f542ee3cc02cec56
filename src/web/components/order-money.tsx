import { formatCartPrice } from '@common/money';
import type { OrderMoney } from '@common/orders';
import './order-money.css';

/**
 * An order's money as the server priced it (issue 35): subtotal, discount, delivery or
 * collection, then net, VAT and the total. Checkout and the owner's order page both show it; the
 * browser computes none of it.
 */
/** The money as either answer carries it (the owner's order detail has the looser shape). */
type MoneyView = Omit<OrderMoney, 'fulfilment'> & {
  fulfilment: { method: 'delivery' | 'collection'; postcode?: string | undefined } | null;
};

export function OrderMoneyLines({
  money,
  deliveryPending = false,
  caption,
}: {
  money: MoneyView;
  /** Delivery chosen but not yet priced (no postcode yet). */
  deliveryPending?: boolean;
  caption?: string;
}) {
  const rows: Array<[string, string]> = [['Subtotal', formatCartPrice(money.subtotal)]];
  if (money.discount > 0) {
    rows.push([
      `Discount (${money.discountCode ?? 'code'})`,
      `-${formatCartPrice(money.discount)}`,
    ]);
  }
  if (money.fulfilment?.method === 'delivery') {
    rows.push([
      `Delivery to ${money.fulfilment.postcode ?? ''}`,
      money.delivery === 0 ? 'Free' : formatCartPrice(money.delivery),
    ]);
  } else if (money.fulfilment?.method === 'collection') {
    rows.push(['Collection from the shop', 'Free']);
  } else if (deliveryPending) {
    rows.push(['Delivery', 'Enter your postcode']);
  }
  if (money.vatRegistered) {
    rows.push(['Net', formatCartPrice(money.net)]);
    rows.push([`VAT at ${money.vatRate}%`, formatCartPrice(money.vat)]);
  }
  return (
    <table className="order-money">
      {caption && <caption>{caption}</caption>}
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>
            <strong>{formatCartPrice(money.total)}</strong>
          </td>
        </tr>
        {money.vatNumber && (
          <tr>
            <th scope="row">VAT number</th>
            <td>{money.vatNumber}</td>
          </tr>
        )}
      </tfoot>
    </table>
  );
}
