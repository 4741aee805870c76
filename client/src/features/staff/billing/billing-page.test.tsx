// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatMoney } from '../../../../../shared/money/cart-totals';
import { staffBillingApi } from '../../../../../shared/contract/staff-billing';
import type { BillingOrderDto } from '../../../../../shared/schemas/staff/billing';
import { staffEinvoicesApi } from '../../../../../shared/contract/staff-einvoices';
import { answer, isCallOf } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json } from '../../../testing/fetch-mock';
import { bodyOf, openDashboard, STAFF_TOKEN, answerDialog, stubDialogElement } from '../staff-test-kit';

beforeAll(stubDialogElement);
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const euros = (cents: number) => formatMoney(cents, 'EUR', 'fr');
// Testing Library folds the page's no-break spaces (in amounts) before comparing: the expected text too.
const folded = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
const table = (name: string) => screen.findByRole('table', { name });
const rowOf = (tableEl: HTMLElement, id: number) =>
  within(tableEl)
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent?.startsWith(`#${id}`))!;
/** One page; `next`: the cursor of the page after it (the last order's id), null when it is the last. */
const page = (orders: BillingOrderDto[], next: number | null = null) =>
  answer(staffBillingApi.list, { orders, next, hasMore: next !== null });

function billingOrder(overrides: Partial<BillingOrderDto> = {}): BillingOrderDto {
  return {
    id: 201,
    user_id: 7,
    client_name: 'Camille Dupont',
    client_email: 'camille@example.test',
    status: 'unpaid',
    payment_method: null,
    total_cents: 1210,
    currency: 'EUR',
    created_at: '2026-11-20T10:15:00.000Z',
    due_at: '2026-11-27T10:15:00.000Z',
    transfer_reference: null,
    transfer_announced_at: null,
    invoice_number: null,
    paid_at: null,
    refunded_cents: 0,
    refundable_to_payment: false,
    cancel_reason: null,
    refund: null,
    ...overrides,
  };
}

const announced = billingOrder({
  id: 202,
  payment_method: 'bank_transfer',
  transfer_reference: '+++000/0000/20297+++',
  transfer_announced_at: '2026-11-21T08:00:00.000Z',
});
const paid = billingOrder({
  id: 203,
  status: 'paid',
  payment_method: 'card',
  invoice_number: '2026-000042',
  paid_at: '2026-11-19T09:00:00.000Z',
  refunded_cents: 210,
  refundable_to_payment: true,
});

/** Answers each filter from `lists` (the first answer, then `after` once an action was made). */
function billingApi(
  lists: Partial<Record<string, BillingOrderDto[]>>,
  extra?: (url: string, init: RequestInit | undefined) => Response | undefined,
) {
  return (url: string, init: RequestInit | undefined) => {
    const found = /^\/api\/admin\/billing\?filter=(\w+)$/.exec(url);
    if (found) return page(lists[found[1]!] ?? []);
    // The Peppol section below the orders (einvoice-deliveries.test.tsx tests it): empty here.
    if (isCallOf(staffEinvoicesApi.list, url, init)) return answer(staffEinvoicesApi.list, { deliveries: [], next: null, hasMore: false });
    return extra?.(url, init);
  };
}

describe('Billing page (category 4)', () => {
  it('shows the filters, the seven columns and the unpaid orders, asked with the staff token', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/4', { api: billingApi({ unpaid: [billingOrder(), announced] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Facturation' })).toBeTruthy();
    const filters = within(screen.getByRole('group', { name: 'Filtrer les commandes' })).getAllByRole('button');
    expect(filters.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['À encaisser', 'true'],
      ['Virements annoncés', 'false'],
      ['Payées', 'false'],
    ]);
    const unpaid = await table('Commandes à encaisser');
    expect(
      within(unpaid)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['N°', 'Client', 'Montant', 'Méthode', 'Échéance', 'Communication', 'Actions']);
    const row = folded(rowOf(unpaid, 201).textContent);
    expect(row).toContain('Camille Dupont');
    expect(row).toContain(folded(euros(1210)));
    expect(within(rowOf(unpaid, 201)).getByRole('button', { name: 'Marquer comme reçu' })).toBeTruthy();
    expect(within(rowOf(unpaid, 201)).getByRole('button', { name: 'Annuler' })).toBeTruthy();
    expect(within(rowOf(unpaid, 201)).queryByRole('button', { name: 'Rembourser' })).toBeNull();
    expect(folded(rowOf(unpaid, 202).textContent)).toContain('+++000/0000/20297+++');
    expect(folded(rowOf(unpaid, 202).textContent)).toContain('Virement');
    const [call] = callsTo(fetchMock, '/api/admin/billing');
    expect(call?.[0]).toBe('/api/admin/billing?filter=unpaid');
    expect(bearerOf(call?.[1])).toBe(`Bearer ${STAFF_TOKEN}`);
  });

  it("'Marquer comme reçu' on an announced transfer asks first, posts mark-paid, says so and reads the list again", async () => {
    let received = false;
    const { fetchMock } = openDashboard('/fr/dashboard-admin/4', {
      api: (url, init) => {
        if (url.startsWith('/api/admin/billing?filter=transfers')) return page(received ? [] : [announced]);
        if (url.startsWith('/api/admin/billing')) return page([]);
        if (url === '/api/admin/orders/202/mark-paid' && init?.method === 'POST') {
          received = true;
          return answer(staffBillingApi.markPaid, { success: true });
        }
        return undefined;
      },
    });
    expect(await screen.findByText('Aucune commande à encaisser.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Virements annoncés' }));
    const transfers = await table('Virements annoncés à vérifier');
    expect(screen.getByRole('button', { name: 'Virements annoncés' }).getAttribute('aria-pressed')).toBe('true');
    expect(callsTo(fetchMock, '/api/admin/billing?filter=transfers')).toHaveLength(1);

    const question = `Confirmer la réception du paiement de la commande #202 (${euros(1210)}) ?`;
    fireEvent.click(within(rowOf(transfers, 202)).getByRole('button', { name: 'Marquer comme reçu' }));
    await answerDialog(question, 'Annuler');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, '/api/admin/orders/202/mark-paid')).toHaveLength(0);

    fireEvent.click(within(rowOf(transfers, 202)).getByRole('button', { name: 'Marquer comme reçu' }));
    await answerDialog(question, 'Confirmer');
    expect(await screen.findByText('Paiement de la commande #202 enregistré.')).toBeTruthy();
    expect(await screen.findByText('Aucun virement annoncé.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/orders/202/mark-paid')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/admin/billing?filter=transfers')).toHaveLength(2);
  });

  it("'Annuler' refused by the server shows the reason from the locale file and reads the list again", async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/4', {
      api: billingApi({ unpaid: [billingOrder()] }, (url) =>
        url === '/api/admin/orders/201/cancel'
          ? json(409, { error: 'order_not_cancellable', message: 'Only an open order can be cancelled' })
          : undefined,
      ),
    });
    const unpaid = await table('Commandes à encaisser');
    fireEvent.click(within(rowOf(unpaid, 201)).getByRole('button', { name: 'Annuler' }));
    await answerDialog(`Annuler la commande #201 (${euros(1210)}) ? Le stock est remis en vente.`, 'Confirmer');
    expect((await screen.findByRole('alert')).textContent).toBe('Cette commande ne peut plus être annulée.');
    await waitFor(() => expect(callsTo(fetchMock, '/api/admin/billing?filter=unpaid')).toHaveLength(2));
  });

  it("'Rembourser' opens a dialog naming the order, the whole amount left typed: checks the amount and the reason, posts cents, shows the new wallet balance", async () => {
    let refundedNow = false;
    const { fetchMock } = openDashboard('/fr/dashboard-admin/4', {
      api: (url, init) => {
        if (url.startsWith('/api/admin/billing?filter=paid')) return page([refundedNow ? { ...paid, refunded_cents: 460 } : paid]);
        if (url.startsWith('/api/admin/billing')) return page([]);
        if (url === '/api/admin/orders/203/refund' && init?.method === 'POST') {
          refundedNow = true;
          return answer(staffBillingApi.refund, { success: true, wallet_cents: 1250 });
        }
        return undefined;
      },
    });
    await screen.findByText('Aucune commande à encaisser.');
    fireEvent.click(screen.getByRole('button', { name: 'Payées' }));
    const paidTable = await table('Commandes payées');
    expect(within(paidTable).getAllByRole('columnheader')[4]!.textContent).toBe('Date');
    expect(folded(rowOf(paidTable, 203).textContent)).toContain('Facture 2026-000042');
    expect(folded(rowOf(paidTable, 203).textContent)).toContain('Payée · livrée');
    // Issue 34: the statuses of paid orders say whether the service is delivered yet.
    expect(
      screen.getByText(/Toutes ces commandes sont payées\. « À livrer » et « Livraison en cours » : le service n’est pas encore livré/),
    ).toBeTruthy();
    expect(folded(rowOf(paidTable, 203).textContent)).toContain(folded(`dont ${euros(210)} remboursés`));
    expect(within(rowOf(paidTable, 203)).queryByRole('button', { name: 'Marquer comme reçu' })).toBeNull();
    expect(within(rowOf(paidTable, 203)).queryByRole('button', { name: 'Annuler' })).toBeNull(); // delivered: no longer cancellable

    const open = within(rowOf(paidTable, 203)).getByRole('button', { name: 'Rembourser' });
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const form = screen.getByRole('dialog', { name: 'Rembourser la commande #203' });
    const amount = within(form).getByLabelText(/Montant \(EUR\)/);
    const reason = within(form).getByLabelText(/Motif/);
    expect(document.activeElement).toBe(amount);
    expect(folded(form.textContent)).toContain(folded(`Au plus ${euros(1000)}`));
    // Issue 34: beside its order (the customer and total named), the full amount left offered.
    expect(form.getAttribute('aria-describedby')).toBe('billing-refund-order');
    expect(folded(form.textContent)).toContain(folded(`Camille Dupont · total ${euros(1210)} · reste à rembourser : ${euros(1000)}`));
    expect((amount as HTMLInputElement).value).toBe('10,00');
    // The keyboard stays in the dialog: Tab from its last control comes back to the amount, Shift+Tab goes round.
    const last = within(form).getByRole('button', { name: 'Rembourser' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(amount);
    fireEvent.keyDown(amount, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    amount.focus();

    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Rembourser' }));
    fireEvent.change(amount, { target: { value: '0' } });
    submit();
    expect(await within(form).findByText('Saisissez un montant supérieur à 0, par exemple 12,50.')).toBeTruthy();
    expect(within(form).getByText('Le motif est obligatoire.')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(amount, { target: { value: '10,01' } });
    fireEvent.change(reason, { target: { value: 'Panne' } });
    submit();
    expect(await within(form).findByText(folded(`Le montant dépasse ce qui reste à rembourser (${euros(1000)}).`))).toBeTruthy();
    expect(callsTo(fetchMock, '/api/admin/orders/203/refund')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '2,50' } });
    fireEvent.change(reason, { target: { value: '  Panne de 2 jours ' } });
    submit();
    expect(
      await screen.findByText(
        folded(`${euros(250)} remboursés sur le portefeuille du client pour la commande #203 (nouveau solde : ${euros(1250)}).`),
      ),
    ).toBeTruthy();
    const [call] = callsTo(fetchMock, '/api/admin/orders/203/refund');
    expect(bodyOf(call?.[1])).toEqual({ amount_cents: 250, reason: 'Panne de 2 jours', to: 'wallet' });
    expect(screen.queryByRole('dialog', { name: 'Rembourser la commande #203' })).toBeNull();
    await waitFor(() =>
      expect(folded(rowOf(screen.getByRole('table', { name: 'Commandes payées' }), 203).textContent)).toContain(
        folded(`dont ${euros(460)} remboursés`),
      ),
    );
  });

  it('a card-paid order can be refunded to the payment method; a currency the wallet cannot hold is explained', async () => {
    let refusals = 0;
    const { fetchMock } = openDashboard('/fr/dashboard-admin/4', {
      api: billingApi(
        {
          paid: [
            paid,
            billingOrder({ id: 204, status: 'paid', payment_method: 'card', paid_at: paid.paid_at, refundable_to_payment: false }),
          ],
        },
        (url, init) => {
          if (url !== '/api/admin/orders/203/refund' || init?.method !== 'POST') return undefined;
          const body = bodyOf(init) as { to?: string };
          if (body.to === 'wallet') {
            refusals++;
            return json(409, { error: 'refund_currency_mismatch', message: 'currency' });
          }
          return answer(staffBillingApi.refund, { success: true, wallet_cents: 0 });
        },
      ),
    });
    await screen.findByText('Aucune commande à encaisser.');
    fireEvent.click(screen.getByRole('button', { name: 'Payées' }));
    const paidTable = await table('Commandes payées');

    // A card order with no provider payment on record (imported history): the wallet is the only choice.
    fireEvent.click(within(rowOf(paidTable, 204)).getByRole('button', { name: 'Rembourser' }));
    const transferForm = screen.getByRole('dialog', { name: 'Rembourser la commande #204' });
    expect(within(transferForm).queryByRole('group', { name: 'Rembourser sur' })).toBeNull();
    expect(within(transferForm).queryByRole('radio', { name: /moyen de paiement/ })).toBeNull();
    fireEvent.click(within(transferForm).getByRole('button', { name: 'Fermer' }));

    fireEvent.click(within(rowOf(paidTable, 203)).getByRole('button', { name: 'Rembourser' }));
    const form = screen.getByRole('dialog', { name: 'Rembourser la commande #203' });
    const toWallet = within(form).getByRole<HTMLInputElement>('radio', { name: 'Le portefeuille du client' });
    expect(toWallet.checked).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Montant/), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText(/Motif/), { target: { value: 'Geste' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Rembourser' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Cette commande a été payée dans une autre devise que celle du portefeuille : remboursez-la sur le moyen de paiement.',
    );
    expect(refusals).toBe(1);

    fireEvent.click(within(form).getByRole('radio', { name: 'Le moyen de paiement utilisé (carte, PayPal, Mollie)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Rembourser' }));
    expect(
      await screen.findByText(
        folded(
          `${euros(300)} remboursés sur le moyen de paiement du client pour la commande #203 : le prestataire les reverse sous quelques jours.`,
        ),
      ),
    ).toBeTruthy();
    const calls = callsTo(fetchMock, '/api/admin/orders/203/refund');
    expect(calls.map((call) => bodyOf(call[1]))).toEqual([
      { amount_cents: 300, reason: 'Geste', to: 'wallet' },
      { amount_cents: 300, reason: 'Geste', to: 'payment' },
    ]);
  });

  it("a refund the server refuses keeps the dialog and shows why in it; 'Fermer' closes it", async () => {
    openDashboard('/fr/dashboard-admin/4', {
      api: billingApi({ paid: [paid] }, (url) =>
        url === '/api/admin/orders/203/refund' ? json(409, { error: 'refund_exceeds_paid', message: 'too much' }) : undefined,
      ),
    });
    await screen.findByText('Aucune commande à encaisser.');
    fireEvent.click(screen.getByRole('button', { name: 'Payées' }));
    fireEvent.click(within(rowOf(await table('Commandes payées'), 203)).getByRole('button', { name: 'Rembourser' }));
    const form = screen.getByRole('dialog', { name: 'Rembourser la commande #203' });
    fireEvent.change(within(form).getByLabelText(/Montant/), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText(/Motif/), { target: { value: 'Geste' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Rembourser' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Le remboursement dépasse ce qui a été payé pour cette commande.');
    expect(screen.getByRole('dialog', { name: 'Rembourser la commande #203' })).toBeTruthy();

    // 'Fermer' closes the form and gives the focus back to the row's button.
    fireEvent.click(within(form).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog', { name: 'Rembourser la commande #203' })).toBeNull();
    const reopen = within(rowOf(screen.getByRole('table', { name: 'Commandes payées' }), 203)).getByRole('button', { name: 'Rembourser' });
    await waitFor(() => expect(document.activeElement).toBe(reopen));
    expect(reopen.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers no refund for an order refunded in full; shows the load error with a retry, and « Charger plus » when more follow', async () => {
    let fail = true;
    const { fetchMock } = openDashboard('/fr/dashboard-admin/4', {
      api: (url) => {
        if (url === '/api/admin/billing?filter=unpaid') return fail ? json(500, { error: 'internal_error' }) : page([billingOrder()], 201);
        if (url === '/api/admin/billing?filter=unpaid&after=201') return page([billingOrder({ id: 299 })]);
        if (url.startsWith('/api/admin/billing?filter=paid')) return page([{ ...paid, refunded_cents: 1210 }]);
        return billingApi({})(url, undefined);
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Impossible de récupérer les commandes.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await table('Commandes à encaisser');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Charger plus' })));
    // The table read afresh each time, with room for a loaded machine (CI runs suites side by side).
    await waitFor(() => expect(rowOf(screen.getByRole('table', { name: 'Commandes à encaisser' }), 299)).toBeTruthy(), { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Charger plus' })).toBeNull();
    expect(callsTo(fetchMock, '/api/admin/billing?filter=unpaid&after=201')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Payées' }));
    const paidTable = await table('Commandes payées');
    expect(within(rowOf(paidTable, 203)).queryByRole('button', { name: 'Rembourser' })).toBeNull();
  });

  it('an admin reads an order ended by its refund as « Remboursée », with the amount and where it went', async () => {
    const ended = { ...paid, id: 210, status: 'cancelled' as const, refunded_cents: 1210, cancel_reason: 'refunded' as const };
    openDashboard('/fr/dashboard-admin/4', { api: billingApi({ paid: [{ ...ended, refund: { amount_cents: 1210, to: 'wallet' } }] }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Payées' }));
    const numberCell = within(rowOf(await table('Commandes payées'), 210)).getAllByRole('cell')[0]!;

    expect(within(numberCell).getByText('Remboursée')).toBeTruthy();
    expect(numberCell.textContent).toMatch(/12,10\s€ remboursés sur le portefeuille du client/);
    expect(numberCell.textContent).not.toContain('Annulée');
  });

  it('is not shown to a manager, and nothing is asked of the server', async () => {
    const { fetchMock } = openDashboard('/fr/dashboard-admin/4', { role: 'manager', api: billingApi({}) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Facturation', level: 1 })).toBeNull();
    expect(callsTo(fetchMock, '/api/admin/billing')).toHaveLength(0);
  });
});
