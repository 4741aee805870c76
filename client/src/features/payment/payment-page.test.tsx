// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { checkoutApi } from '../../../../shared/contract/checkout';
import type { BankTransferDetailsDto } from '../../../../shared/schemas/checkout';
import { formatMoney } from '../../../../shared/money/cart-totals';
import type { CartLine } from '../../app/cart/cart-line';
import { answer as contractAnswer } from '../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser, storeDemoSession } from '../../testing/session-fixtures';
import { PaymentPage } from './payment-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const line: CartLine = {
  productId: 5,
  name: 'VPS NVMe 8 Go',
  price_cents: 1000,
  currency: 'EUR',
  qty: 1,
  image_url: null,
  config_products: '{}',
  support_cents: 0,
  margin_cents: 0,
};
const TOTAL_CENTS = 1210; // 1000 + 21 % (spec §9)

const details: BankTransferDetailsDto = {
  orderId: 88,
  iban: 'BE71096123456769',
  bic: 'GKCCBEBB',
  accountHolder: 'HubHost SRL',
  reference: '+++000/0000/08800+++',
  amountCents: TOTAL_CENTS,
  currency: 'EUR',
  reservedUntil: '2026-11-25T09:30:00.000Z',
};

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

// The bank-transfer calls' URLs (no path params: the contract path is the URL).
const VALIDATE = checkoutApi.validateIban.path;
const ORDER = checkoutApi.bankTransfer.path;
const CONFIRM = checkoutApi.confirmTransfer.path;

/** The answers of a server that accepts everything; a test replaces the one it is about. */
const happy: Record<string, Handler> = {
  [VALIDATE]: () => contractAnswer(checkoutApi.validateIban, { valid: true, error: null }),
  [ORDER]: () => contractAnswer(checkoutApi.bankTransfer, details),
  [CONFIRM]: () => contractAnswer(checkoutApi.confirmTransfer, { success: true }),
};

function openPayment({
  answers = {},
  cart = [line],
  url = '/fr/payment',
}: { answers?: Record<string, Handler>; cart?: CartLine[]; url?: string } = {}) {
  storeDemoSession();
  if (cart.length) localStorage.setItem('cart', JSON.stringify(cart));
  const handlers: Record<string, Handler> = { '/api/auth/me': () => json(200, { user: demoUser }), ...happy, ...answers };
  const fetchMock = mockFetch((u, init) => (handlers[u] ?? (() => json(404, { error: 'not_found', message: 'x' })))(u, init));
  const view = renderPage(<PaymentPage />, { path: 'payment', url });
  return { fetchMock, ...view };
}

const flush = () => act(async () => void (await new Promise((r) => setTimeout(r, 0))));
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;
const nameInput = () => screen.getByLabelText(/^Nom du titulaire du compte/) as HTMLInputElement;
const ibanInput = () => screen.getByLabelText(/^IBAN/) as HTMLInputElement;
const eur = (cents: number) => formatMoney(cents, 'EUR', 'fr');

async function submitPayer(name: string, iban: string) {
  await flush(); // the VAT answer first: the button waits for it
  fireEvent.change(nameInput(), { target: { value: name } });
  fireEvent.change(ibanInput(), { target: { value: iban } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Valider IBAN' }));
  });
  await flush();
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
  await flush();
}

const currentStep = () => screen.getByRole('list', { name: 'Étapes du paiement' }).querySelector('[aria-current="step"]')?.textContent;

describe('bank-transfer page: access (spec §2, §4)', () => {
  it('without a session: the spec text and a login link that comes back here', async () => {
    const fetchMock = mockFetch(() => json(500, {}));
    localStorage.setItem('cart', JSON.stringify([line]));
    const { router } = renderPage(<PaymentPage />, { path: 'payment', url: '/fr/payment' });
    expect(screen.getByText('Vous devez être connecté pour accéder au paiement.')).toBeTruthy();
    expect(screen.queryByLabelText(/^IBAN/)).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Se connecter' }));
    });
    expect(router.state.location.pathname).toBe('/fr/login');
    expect(router.state.location.state).toEqual({ fromInside: true, from: '/fr/payment' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an empty cart on arrival goes to the Hosting page', () => {
    const { router } = openPayment({ cart: [], url: '/nl/payment' });
    expect(router.state.location.pathname).toBe('/nl/Hosting');
  });

  it('a step indicator 1-2-3 that screen readers can read, on step 1 with the amount to pay', () => {
    openPayment();
    const steps = within(screen.getByRole('list', { name: 'Étapes du paiement' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Étape 1 sur 3, Vos coordonnées (en cours)',
      '2Étape 2 sur 3, Virement',
      '3Étape 3 sur 3, Confirmation',
    ]);
    expect(steps[0]!.getAttribute('aria-current')).toBe('step');
    expect(steps[0]!.querySelector('[aria-hidden="true"]')?.textContent).toBe('1');
    expect(screen.getByRole('heading', { level: 1, name: 'Paiement par virement' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Vos coordonnées bancaires' })).toBeTruthy();
    expect(screen.getByText('Montant à payer').parentElement?.textContent).toBe(`Montant à payer${eur(TOTAL_CENTS)}`);
  });
});

describe('bank-transfer page: step 1, holder and IBAN (spec §5, §8)', () => {
  it.each([
    ['', ''],
    ['Camille Dupont', '   '],
    ['  ', 'BE71 0961 2345 6769'],
  ])('name %j and IBAN %j: the spec text, the empty fields marked, no call', async (name, iban) => {
    const { fetchMock } = openPayment();
    await submitPayer(name, iban);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Veuillez renseigner votre IBAN et le nom du titulaire.');
    expect(nameInput().getAttribute('aria-invalid')).toBe(name.trim() ? null : 'true');
    expect(ibanInput().getAttribute('aria-invalid')).toBe(iban.trim() ? null : 'true');
    // The marked field points at the message, and gets the focus.
    const firstEmpty = name.trim() ? ibanInput() : nameInput();
    expect(firstEmpty.getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(firstEmpty);
    expect(fetchMock.mock.calls.filter(([url]) => [VALIDATE, ORDER, CONFIRM].includes(String(url) as typeof ORDER))).toHaveLength(0);
  });

  it('an IBAN the server finds invalid: "IBAN invalide.", and no order', async () => {
    const { fetchMock } = openPayment({
      answers: { [VALIDATE]: () => contractAnswer(checkoutApi.validateIban, { valid: false, error: 'payment.ibanInvalid' }) },
    });
    await submitPayer('Camille Dupont', ' BE00 1234 ');
    expect(screen.getByRole('alert').textContent).toBe('IBAN invalide.');
    expect(ibanInput().getAttribute('aria-invalid')).toBe('true');
    expect(nameInput().getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(ibanInput());
    const [check] = callsTo(fetchMock, VALIDATE);
    expect(bodyOf(check?.[1])).toEqual({ accountIBAN: 'BE00 1234' });
    expect(bearerOf(check?.[1])).toBe('Bearer stored-token');
    expect(callsTo(fetchMock, ORDER).filter(([url]) => url === ORDER)).toHaveLength(0);
  });

  it.each([
    [
      'a server failure',
      () => json(500, { error: 'internal_error', message: 'Something went wrong on our side' }),
      'Erreur serveur, réessayez plus tard.',
    ],
    [
      'a refused IBAN (field text)',
      () => json(400, { error: 'validation_error', message: 'The IBAN is not valid', fields: { accountIBAN: ['payment.ibanInvalid'] } }),
      'IBAN invalide.',
    ],
    [
      'out of stock',
      () => json(409, { error: 'out_of_stock', message: 'x' }),
      "Ce produit n'est plus en stock. Choisissez-en un autre dans la boutique.",
    ],
    [
      'changed prices',
      () => json(400, { error: 'total_mismatch', message: 'x', fields: { totalCents: ['checkout.errors.totalMismatch'] } }),
      'Les prix ont changé entre-temps. Rechargez la page pour voir le nouveau total, puis réessayez.',
    ],
    [
      'a product no longer sold',
      () => json(409, { error: 'product_unavailable', message: 'x' }),
      "Ce produit n'est plus proposé à la vente. Choisissez-en un autre dans la boutique.",
    ],
    [
      'too many unpaid orders',
      () => json(409, { error: 'too_many_unpaid_orders', message: 'x', maxUnpaidOrders: 3 }),
      "Vous avez déjà trop de commandes en attente de paiement. Réglez-en une depuis votre espace client, ou attendez qu'elle soit annulée, avant de passer une nouvelle commande.",
    ],
    [
      'more units than one customer may hold unpaid',
      () => json(409, { error: 'too_many_units_reserved', message: 'x', productId: 1, maxUnits: 3, heldUnits: 0 }),
      "Tant que vos commandes ne sont pas payées, vous pouvez réserver au plus 3 exemplaires d'un même produit. Commandez-en moins, ou réglez d'abord vos commandes en attente depuis votre espace client.",
    ],
    ['no network', () => networkDown(), 'Impossible de joindre le serveur. Vérifiez votre connexion internet et réessayez.'],
  ])('placing the order fails with %s: its text, still on step 1, the cart kept', async (_case, answer, text) => {
    openPayment({ answers: { [ORDER]: answer } });
    await submitPayer('Camille Dupont', 'BE71 0961 2345 6769');
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(currentStep()).toContain('Vos coordonnées');
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Valider IBAN' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a holder name the order call refuses is marked with its text and takes the focus', async () => {
    openPayment({
      answers: {
        [ORDER]: () => json(400, { error: 'validation_error', message: 'x', fields: { accountName: ['payment.required'] } }),
      },
    });
    await submitPayer('Camille Dupont', 'BE71 0961 2345 6769');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Veuillez renseigner votre IBAN et le nom du titulaire.');
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(nameInput().getAttribute('aria-describedby')).toContain(alert.id);
    expect(ibanInput().getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(nameInput());
    expect(nameInput().value).toBe('Camille Dupont');
  });

  it('e-mail not confirmed: the text links to the verification page', async () => {
    openPayment({ answers: { [ORDER]: () => json(403, { error: 'email_not_verified', message: 'x' }) } });
    await submitPayer('Camille Dupont', 'BE71 0961 2345 6769');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe("Vous devez d'abord confirmer votre adresse e-mail pour pouvoir payer. Confirmer mon adresse e-mail");
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/fr/verify-email');
  });

  it('the IBAN check failing says "Erreur serveur" and places no order', async () => {
    const { fetchMock } = openPayment({ answers: { [VALIDATE]: () => json(500, { error: 'internal_error', message: 'x' }) } });
    await submitPayer('Camille Dupont', 'BE71 0961 2345 6769');
    expect(screen.getByRole('alert').textContent).toBe('Erreur serveur, réessayez plus tard.');
    expect(callsTo(fetchMock, ORDER).filter(([url]) => url === ORDER)).toHaveLength(0);
  });

  it('busy while checking: the button says so and cannot be pressed again', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { fetchMock } = openPayment({
      answers: { [VALIDATE]: () => new Promise<Response>((resolve) => (answer = resolve)) },
    });
    await flush(); // the VAT answer: the button waits for it
    fireEvent.change(nameInput(), { target: { value: 'Camille Dupont' } });
    fireEvent.change(ibanInput(), { target: { value: 'BE71 0961 2345 6769' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Valider IBAN' }));
    });
    const busy = screen.getByRole('button', { name: 'Vérification en cours…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    fireEvent.submit(busy.closest('form')!);
    expect(callsTo(fetchMock, VALIDATE)).toHaveLength(1);
    await act(async () => answer(contractAnswer(checkoutApi.validateIban, { valid: false, error: 'payment.ibanInvalid' })));
    await flush();
    expect(screen.getByRole('button', { name: 'Valider IBAN' })).toBeTruthy();
  });
});

describe('bank-transfer page: steps 2 and 3 (spec §2, §4)', () => {
  async function reachStep2(answers: Record<string, Handler> = {}) {
    const view = openPayment({ answers });
    await submitPayer('  Camille Dupont ', 'BE68 5390 0754 7034');
    return view;
  }

  it('a valid IBAN places the order with the cart, empties the cart and shows what to transfer', async () => {
    const { fetchMock, router } = await reachStep2();
    const [order] = callsTo(fetchMock, ORDER).filter(([url]) => url === ORDER);
    expect(bearerOf(order?.[1])).toBe('Bearer stored-token');
    expect(bodyOf(order?.[1])).toEqual({
      userId: demoUser.id,
      items: [{ productId: 5, qty: 1 }],
      totalCents: TOTAL_CENTS,
      accountIBAN: 'BE68 5390 0754 7034',
      accountName: 'Camille Dupont',
      lng: 'fr',
    });

    // The cart is now the order: emptied, and the empty-cart rule does not send us away.
    expect(localStorage.getItem('cart')).toBeNull();
    expect(router.state.location.pathname).toBe('/fr/payment');

    const heading = screen.getByRole('heading', { level: 2, name: 'Effectuez le virement' });
    expect(document.activeElement).toBe(heading);
    expect(currentStep()).toBe('2Étape 2 sur 3, Virement (en cours)');
    expect(screen.getByText('Commande n° 88')).toBeTruthy();
    const deadline = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(details.reservedUntil));
    expect(
      screen.getByText(`Le virement doit nous parvenir au plus tard le ${deadline} ; passé ce délai, la commande est annulée.`),
    ).toBeTruthy();
    const rows = Array.from(document.querySelectorAll('.transfer-details__row')).map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('.transfer-details__value')?.textContent,
    ]);
    expect(rows).toEqual([
      ['Montant', eur(TOTAL_CENTS)],
      ['IBAN du bénéficiaire', 'BE71 0961 2345 6769'],
      ['BIC', 'GKCCBEBB'],
      ['Bénéficiaire', 'HubHost SRL'],
      ['Communication structurée', '+++000/0000/08800+++'],
    ]);
  });

  it('each detail has a copy button; copying the IBAN copies it without spaces and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await reachStep2();
    const copyButtons = screen.getAllByRole('button', { name: /^Copier / });
    expect(copyButtons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Copier Montant',
      'Copier IBAN du bénéficiaire',
      'Copier BIC',
      'Copier Bénéficiaire',
      'Copier Communication structurée',
    ]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copier IBAN du bénéficiaire' }));
    });
    expect(writeText).toHaveBeenCalledWith('BE71096123456769');
    expect(screen.getByRole('button', { name: 'Copié ! IBAN du bénéficiaire' }).textContent).toBe('Copié !');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copier Communication structurée' }));
    });
    expect(writeText).toHaveBeenLastCalledWith('+++000/0000/08800+++');
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('no clipboard (plain http): asks to select the text instead', async () => {
    await reachStep2();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copier BIC' }));
    });
    expect(screen.getByText('Copie impossible : sélectionnez le texte.')).toBeTruthy();
  });

  it.each([
    ['a server failure', () => json(500, { error: 'internal_error', message: 'x' }), 'Erreur lors de la confirmation'],
    ['an answer outside the contract', () => json(200, {}), 'Erreur lors de la confirmation'],
    ['an unknown order', () => json(404, { error: 'not_found', message: 'No such order' }), 'Cette commande est introuvable.'],
    [
      'the server’s own text (a field message)',
      () => json(400, { error: 'validation_error', message: 'The IBAN is not valid', fields: { accountIBAN: ['payment.ibanInvalid'] } }),
      'IBAN invalide.',
    ],
    ['no network', () => networkDown(), 'Impossible de joindre le serveur. Vérifiez votre connexion internet et réessayez.'],
  ])('confirming fails with %s: its text, still on step 2', async (_case, answer, text) => {
    await reachStep2({ [CONFIRM]: answer });
    await click('Confirmer le paiement');
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.getByRole('heading', { name: 'Effectuez le virement' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Confirmer le paiement' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('confirming records the transfer and shows the success step with the delay and a way back', async () => {
    const { fetchMock } = await reachStep2();
    await click('Confirmer le paiement');
    const [confirm] = callsTo(fetchMock, CONFIRM);
    expect(bearerOf(confirm?.[1])).toBe('Bearer stored-token');
    expect(bodyOf(confirm?.[1])).toEqual({
      orderId: 88,
      userId: demoUser.id,
      accountIBAN: 'BE68 5390 0754 7034',
      accountName: 'Camille Dupont',
    });

    const heading = screen.getByRole('heading', { level: 2, name: 'Paiement effectué !' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Merci pour votre commande. Votre virement a été enregistré.')).toBeTruthy();
    expect(screen.getByText('Un virement prend 1 à 2 jours ouvrés ; votre commande est livrée dès sa réception.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Aller à mon espace client' }).getAttribute('href')).toBe('/fr/PanelCLient');
    expect(screen.getByRole('link', { name: "Retour à l'accueil" }).getAttribute('href')).toBe('/fr/');
    expect(currentStep()).toBe('3Étape 3 sur 3, Confirmation (en cours)');
    const done = within(screen.getByRole('list', { name: 'Étapes du paiement' })).getAllByRole('listitem')[0]!;
    expect(done.textContent).toBe('✓Étape 1 sur 3, Vos coordonnées (terminée)');
  });
});
