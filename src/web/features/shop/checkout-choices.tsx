import { useEffect, useImperativeHandle, useState, type ReactNode, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import type { CartLine } from '@common/cart-rules';
import type { OrderQuoteAnswer } from '@common/orders';
import { FormField } from '@/components/form-field';
import { isRefusal } from '@/lib/api-errors';
import { apiJson } from '@/lib/api-client';
import type { CheckoutChoices } from './orders-api';

const noAnswerMessage =
  'We could not reach the shop to work this out. Please check your connection and try again: what you typed is kept.';

type Method = 'delivery' | 'collection';

/** The server's totals for the cart and choices so far, and what the client offers. */
async function quoteOrder(
  lines: readonly CartLine[],
  choices: CheckoutChoices & { email?: string | undefined },
): Promise<OrderQuoteAnswer> {
  const answer = (await apiJson('/api/orders/quote', {
    method: 'POST',
    body: JSON.stringify({
      lines: lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
      ...choices,
    }),
  })) as { data: OrderQuoteAnswer };
  return answer.data;
}

/** What checkout asks of the choices when the visitor presses Order. */
export interface ChoicesHandle {
  /** Shows what is missing (a method, a postcode) on its field; answers whether all is there. */
  check(): boolean;
  /** The choices to send with the order; address is dropped by the caller for collection. */
  choices(): CheckoutChoices & { collecting: boolean };
  /** Places a refusal that names a choice on its field; answers whether it did. */
  showRefusal(error: unknown): boolean;
}

/**
 * Issue 35: delivery or collection and a discount code, priced by the server as the visitor
 * chooses. A chunk of its own (checkout's group has a 30 KB budget), fetched as soon as checkout's
 * module runs, so no waterfall; until it arrives checkout shows the address field alone.
 */
export default function CheckoutChoicesFields({
  lines,
  address,
  handle,
  email,
  onQuote,
  onRefusal,
  onPayByCard,
}: {
  lines: readonly CartLine[];
  /** The order form's address field, shown only when delivering (or nothing is offered). */
  address: ReactNode;
  handle: RefObject<ChoicesHandle | null>;
  email: () => string;
  onQuote: (quote: OrderQuoteAnswer, deliveryPending: boolean) => void;
  onRefusal: (message: string) => void;
  /** Issue 36: tells checkout whether the visitor will pay by card now (its button and note). */
  onPayByCard?: (card: boolean) => void;
}) {
  const [method, setMethod] = useState<Method | null>(null);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [quote, setQuote] = useState<OrderQuoteAnswer | null>(null);
  const [appliedCode, setAppliedCode] = useState('');
  const extras = useForm<{ postcode: string; discountCode: string }>({
    defaultValues: { postcode: '', discountCode: '' },
  });
  // Issue 36: card first when the client takes cards (it connected Stripe to be paid this way).
  const [payLater, setPayLater] = useState(false);
  const payByCard = Boolean(quote?.cardPayment) && !payLater;
  useEffect(() => onPayByCard?.(payByCard), [payByCard, onPayByCard]);
  const options = quote?.options;
  const offersChoice = Boolean(options && (options.delivery || options.collection));

  const choicesFor = (chosen: Method | null, code: string): CheckoutChoices => {
    const postcode = extras.getValues('postcode').trim();
    return {
      fulfilment:
        chosen === 'collection'
          ? { method: chosen }
          : chosen === 'delivery' && postcode
            ? { method: chosen, postcode }
            : undefined,
      discountCode: code.trim() || undefined,
    };
  };

  /** Shows a refusal beside the field it names; answers whether one was placed. */
  const showRefusal = (error: unknown): boolean => {
    if (!isRefusal(error)) return false;
    const path = error.issues[0]?.path ?? '';
    if (path === 'discountCode' || path === 'fulfilment.postcode') {
      extras.setError(path === 'discountCode' ? path : 'postcode', { message: error.message });
    } else if (path.startsWith('fulfilment')) setMethodError(error.message);
    else return false;
    return true;
  };

  /** Asks the server for the totals; a refusal keeps the last totals and everything typed. */
  async function requote(chosen: Method | null, code: string): Promise<boolean> {
    try {
      setQuote(
        await quoteOrder(lines, { ...choicesFor(chosen, code), email: email() || undefined }),
      );
      extras.clearErrors();
      setMethodError(null);
      return true;
    } catch (error) {
      if (showRefusal(error)) return false;
      if (isRefusal(error)) onRefusal(error.message);
      // No answer at all (the connection dropped): said where the visitor is looking, with
      // everything typed kept; pressing Apply code or choosing again tries once more.
      else if (code) extras.setError('discountCode', { message: noAnswerMessage });
      else setMethodError(noAnswerMessage);
      return false;
    }
  }

  // Read when Order is pressed: always this render's choices.
  useImperativeHandle(handle, () => ({
    check() {
      if (offersChoice && !method) setMethodError('Please choose delivery or collection.');
      else if (method === 'delivery' && !extras.getValues('postcode').trim())
        extras.setError('postcode', { message: 'Please enter your postcode for delivery.' });
      else return true;
      return false;
    },
    choices: () => ({
      ...choicesFor(method, extras.getValues('discountCode').trim() || appliedCode),
      collecting: method === 'collection',
      ...(payByCard ? { payBy: 'card' as const } : {}),
    }),
    showRefusal,
  }));

  useEffect(() => {
    if (quote) onQuote(quote, method === 'delivery' && quote.money.fulfilment === null);
  }, [quote, method, onQuote]);

  // The first totals, and what the client offers; a single offer is chosen for the visitor.
  useEffect(() => {
    void (async () => {
      try {
        const answer = await quoteOrder(lines, {});
        setQuote(answer);
        const { delivery, collection } = answer.options;
        const only =
          delivery && !collection ? 'delivery' : collection && !delivery ? 'collection' : null;
        setMethod(only);
        if (only === 'collection') await requote(only, '');
      } catch {
        // The order itself is priced on the server anyway; the summary shows the cart total.
      }
    })();
    // Once per visit to checkout: later changes requote on their own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function chooseMethod(next: Method) {
    setMethod(next);
    setMethodError(null);
    void requote(next, appliedCode);
  }

  async function applyCode() {
    const typed = extras.getValues('discountCode').trim();
    if (!typed) extras.setError('discountCode', { message: 'Please enter a discount code.' });
    else if (await requote(method, typed)) setAppliedCode(typed);
  }

  function removeCode() {
    setAppliedCode('');
    extras.setValue('discountCode', '');
    void requote(method, '');
  }

  const radio = (value: Method, label: string) => (
    <label>
      <input
        type="radio"
        name="fulfilment"
        value={value}
        checked={method === value}
        onChange={() => chooseMethod(value)}
      />
      {label}
    </label>
  );

  return (
    <>
      {offersChoice && options && (
        <fieldset
          className="fulfilment-choice"
          aria-describedby={methodError ? 'fulfilment-error' : undefined}
        >
          <legend>
            How would you like to get your order? <span aria-hidden="true">*</span>
          </legend>
          {options.delivery && radio('delivery', 'Delivery')}
          {options.collection && radio('collection', 'Collect from the shop')}
          {method === 'collection' && options.collection && (
            <p className="collection-details">
              Collect from {options.collection.address}. {options.collection.openingTimes}
            </p>
          )}
          {methodError && (
            <p className="form-field__error" id="fulfilment-error" role="alert">
              {methodError}
            </p>
          )}
        </fieldset>
      )}
      {method === 'delivery' && (
        <FormField
          label="Postcode"
          required
          autoComplete="postal-code"
          registration={extras.register('postcode', {
            onBlur: () => void requote('delivery', appliedCode),
          })}
          error={extras.formState.errors.postcode}
        />
      )}
      {(method === 'delivery' || !offersChoice) && address}
      {quote?.cardPayment && (
        <fieldset className="fulfilment-choice pay-choice">
          <legend>How would you like to pay?</legend>
          <label>
            <input
              type="radio"
              name="payment"
              value="card"
              checked={!payLater}
              onChange={() => setPayLater(false)}
            />
            Pay now by card (on Stripe’s secure page)
          </label>
          <label>
            <input
              type="radio"
              name="payment"
              value="later"
              checked={payLater}
              onChange={() => setPayLater(true)}
            />
            Pay later: we contact you to arrange payment
          </label>
        </fieldset>
      )}
      {quote && (
        <div className="discount-code">
          <FormField
            label="Discount code"
            autoComplete="off"
            registration={extras.register('discountCode')}
            error={extras.formState.errors.discountCode}
          />
          <button
            type="button"
            className="button"
            onClick={appliedCode ? removeCode : () => void applyCode()}
          >
            {appliedCode ? 'Remove code' : 'Apply code'}
          </button>
        </div>
      )}
    </>
  );
}
