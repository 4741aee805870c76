// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { registerApi } from '../../../../shared/contract/register';
import { answer } from '../../testing/contract-mock';
import { callsTo, json, mockFetch, networkDown } from '../../testing/fetch-mock';
import { renderPage } from '../../testing/render-page';
import { demoUser } from '../../testing/session-fixtures';
import { RegisterPage } from './register-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function setup(reply: () => Response | Promise<Response> = () => json(500, {})) {
  const fetchMock = mockFetch(() => reply());
  const view = renderPage(<RegisterPage />, { path: 'Register', url: '/fr/Register', state: { fromInside: true } });
  // The country names arrive in their own chunk.
  await screen.findByRole('option', { name: 'France' });
  return { fetchMock, ...view };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const countrySelect = () => screen.getByRole('combobox', { name: /^Pays/ }) as HTMLSelectElement;
const phone = () => field(/^Téléphone/);

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
  });
}

function fillValidIndividual() {
  type(/^Nom complet/, 'Camille Dupont');
  type(/^Adresse \*/, 'Rue de la Loi 16, 1000 Bruxelles');
  type(/^Téléphone/, '+32 470123456');
  type(/^Adresse e-mail/, 'camille@example.test');
  type(/^Mot de passe/, 'secret1');
  type(/^Confirmer le mot de passe/, 'secret1');
  fireEvent.click(screen.getByRole('checkbox'));
}

describe('register page: validation (spec §5)', () => {
  it('business without company name and VAT, passwords that differ, terms unchecked: each message by its field', async () => {
    const { fetchMock } = await setup();
    fireEvent.click(screen.getByRole('radio', { name: 'Entreprise' }));
    type(/^Nom complet/, 'Camille Dupont');
    type(/^Adresse \*/, 'Rue de la Loi 16');
    type(/^Téléphone/, '+32 470123456');
    type(/^Adresse e-mail/, 'camille@example.test');
    type(/^Mot de passe/, 'secret1');
    type(/^Confirmer le mot de passe/, 'secret2');
    await submit();

    const company = field(/^Nom de l'entreprise/);
    expect(company.getAttribute('aria-invalid')).toBe('true');
    const companyError = document.getElementById(company.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(companyError?.textContent).toBe("Le nom de l'entreprise et le numéro de TVA sont obligatoires pour un compte entreprise.");
    // Both company fields missing: one message, which describes both.
    const vat = field(/^Numéro de TVA/);
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    expect(vat.getAttribute('aria-describedby')).toContain(companyError?.id);
    expect(screen.getAllByText(/sont obligatoires pour un compte entreprise/)).toHaveLength(1);
    expect(field(/^Confirmer le mot de passe/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Les mots de passe ne correspondent pas.')).toBeTruthy();
    expect(screen.getByText('Vous devez accepter les conditions générales.')).toBeTruthy();
    expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Certains champs sont à corriger.');
    // The first field in error takes the focus; nothing was sent.
    expect(document.activeElement).toBe(company);
    expect(callsTo(fetchMock, '/api/auth/register')).toHaveLength(0);
  });

  it('required fields, e-mail format and password length use the spec keys', async () => {
    await setup();
    type(/^Adresse e-mail/, 'not-an-email');
    type(/^Mot de passe/, '123');
    await submit();
    expect(screen.getAllByText('Ce champ est obligatoire.')).toHaveLength(3); // full name, address, phone
    expect(screen.getByText('Veuillez saisir une adresse e-mail valide.')).toBeTruthy();
    expect(screen.getByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeTruthy();
    expect(field(/^Mot de passe/).getAttribute('minlength')).toBe('6');
  });

  it('company name and VAT number show only for a business', async () => {
    await setup();
    expect(screen.queryByLabelText(/^Nom de l'entreprise/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Entreprise' }));
    expect(screen.getByLabelText(/^Nom de l'entreprise/)).toBeTruthy();
    expect(screen.getByLabelText(/^Numéro de TVA/)).toBeTruthy();
  });

  it('the terms link opens the general conditions in a new tab', async () => {
    await setup();
    const link = screen.getByRole('link', { name: /conditions générales/ });
    expect(link.getAttribute('href')).toBe('/fr/conditions-generales');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('register page: submit', () => {
  it('success stores user, token and emailToVerify, then goes to verify-email', async () => {
    const user = { ...demoUser, emailVerified: false };
    const { fetchMock, router } = await setup(() =>
      answer(registerApi.register, { success: true, token: 'jwt-new', message: 'register.success', user }),
    );
    fillValidIndividual();
    await submit();

    expect(router.state.location.pathname).toBe('/fr/verify-email');
    expect(localStorage.getItem('token')).toBe('jwt-new');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 7, fullName: 'Camille Dupont' });
    expect(localStorage.getItem('emailToVerify')).toBe('camille@example.test');
    const [, init] = callsTo(fetchMock, '/api/auth/register')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      userType: 'particulier',
      email: 'camille@example.test',
      password: 'secret1',
      fullName: 'Camille Dupont',
      address: 'Rue de la Loi 16, 1000 Bruxelles',
      phone: '+32470123456',
      companyName: null,
      vatNumber: null,
      country: 'BE',
      currency: 'EUR',
      language: 'fr',
    });
  });

  it('409 email_taken shows register.erroremailtaken by the e-mail field', async () => {
    await setup(() => json(409, { error: 'email_taken', message: 'Email taken', fields: { email: ['register.erroremailtaken'] } }));
    fillValidIndividual();
    await submit();
    expect(field(/^Adresse e-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Un compte existe déjà avec cette adresse e-mail.').length).toBeGreaterThanOrEqual(1);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('a network failure shows register.errornetwork', async () => {
    await setup(() => networkDown());
    fillValidIndividual();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Une erreur réseau est survenue. Vérifiez votre connexion et réessayez.');
  });
});

describe('register page: country and phone (spec §2, §9)', () => {
  it('starts on Belgium with its +32 prefix and EUR', async () => {
    await setup();
    expect(countrySelect().value).toBe('BE');
    expect(phone().value).toBe('+32 ');
    expect(screen.getByText('Devise du compte : EUR (selon le pays).')).toBeTruthy();
    // About 249 countries, sorted by their French name.
    const names = Array.from(countrySelect().options).map((o) => o.text);
    expect(names.length).toBeGreaterThanOrEqual(245);
    expect(names.indexOf('Allemagne')).toBeLessThan(names.indexOf('Belgique'));
  });

  it('the prefix follows the chosen country, keeping the number typed', async () => {
    await setup();
    fireEvent.change(countrySelect(), { target: { value: 'FR' } });
    expect(phone().value).toBe('+33 ');
    type(/^Téléphone/, '+33 612345678');
    expect(phone().value).toBe('+33 6 12 34 56 78');
    fireEvent.change(countrySelect(), { target: { value: 'CA' } });
    expect(phone().value.startsWith('+1 ')).toBe(true);
    expect(screen.getByText('Devise du compte : CAD (selon le pays).')).toBeTruthy();
  });

  it('a typed +33 switches the country to France; +1 to the United States', async () => {
    await setup();
    type(/^Téléphone/, '+33');
    expect(countrySelect().value).toBe('FR');
    expect(phone().value).toBe('+33 ');
    type(/^Téléphone/, '+1 202');
    expect(countrySelect().value).toBe('US');
    expect(screen.getByText('Devise du compte : USD (selon le pays).')).toBeTruthy();
  });

  it('formats by the country mask as typed', async () => {
    await setup();
    type(/^Téléphone/, '+32470123456');
    expect(phone().value).toBe('+32 470 12 34 56');
  });

  it('refuses more than 15 digits', async () => {
    await setup();
    type(/^Téléphone/, '+32 4701234567890');
    expect(phone().value.replace(/\D/g, '')).toHaveLength(15);
    const before = phone().value;
    type(/^Téléphone/, `${before}1`);
    expect(phone().value).toBe(before);
  });
});
