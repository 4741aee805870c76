// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { CartLine } from '../../app/cart/cart-line';
import { formatMoney } from '../../../../shared/money/cart-totals';
import { renderPage } from '../../testing/render-page';
import { CartLineItem } from './cart-line-item';

afterEach(cleanup);

const noop = () => {};
const line: CartLine = {
  productId: 3,
  name: 'VPS Standard',
  price_cents: 1500,
  currency: 'EUR',
  qty: 1,
  image_url: null,
  config_products: JSON.stringify({ ram: '4 Go' }),
  tax_rate: 21,
};

function showLine(shown: CartLine) {
  renderPage(
    <ul>
      <CartLineItem line={shown} onQty={noop} onChoose={noop} onRemove={noop} />
    </ul>,
    { path: 'Cart', url: '/fr/Cart' },
  );
  return screen.getByRole('listitem').textContent;
}

describe('cart line: what the unit price buys (issue 34)', () => {
  it('a product billed every 3 months says "/ 3 mois", never "/ mois"', () => {
    const text = showLine({ ...line, billing_months: 3 });
    expect(text).toContain(`${formatMoney(1500, 'EUR', 'fr')} / 3 mois`);
    expect(text).not.toContain('/ mois');
  });

  it('a monthly product says "/ mois"', () => {
    expect(showLine({ ...line, billing_months: 1 })).toContain(`${formatMoney(1500, 'EUR', 'fr')} / mois`);
  });

  it('a line stored before the billing period was kept reads as monthly', () => {
    expect(showLine(line)).toContain(`${formatMoney(1500, 'EUR', 'fr')} / mois`);
  });
});
