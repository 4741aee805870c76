// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { staffSecondFactorApi } from '../../../../../shared/contract/two-factor';
import { answer } from '../../../testing/contract-mock';
import { bearerOf, callsTo, json, mockFetch } from '../../../testing/fetch-mock';
import { renderPage } from '../../../testing/render-page';
import { StaffSecondFactorEnrolmentPage } from './staff-enrolment-page';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUri: 'otpauth://totp/HubHost:a?secret=JBSWY3DPEHPK3PXP',
  qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa-bbbb-cccc-00${String(i).padStart(2, '0')}`);
const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));

const renderEnrol = (url: string) => renderPage(<StaffSecondFactorEnrolmentPage />, { path: 'staff-second-factor', url });

describe('staff second factor enrolment by the mailed link (issue 29)', () => {
  it('sends the link’s token (no session) to set up and confirm, then shows the recovery codes and the way to log in', async () => {
    const fetchMock = mockFetch((url, init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { token?: string; code?: string };
      if (body.token !== 'tok-1') return json(400, { error: 'invalid_token', message: 'x' });
      if (url === '/api/auth/staff-second-factor/setup') return answer(staffSecondFactorApi.enrolmentSetup, SETUP);
      if (url === '/api/auth/staff-second-factor/confirm') return answer(staffSecondFactorApi.enrolmentConfirm, { recoveryCodes: CODES });
      return json(404, {});
    });
    renderEnrol('/fr/staff-second-factor?token=tok-1');
    expect(screen.getByRole('heading', { name: 'Activer à nouveau la double authentification' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Activer la double authentification' }));
    await settle();
    expect(screen.getByTestId('totp-secret').dataset.secret).toBe(SETUP.secret);
    fireEvent.change(screen.getByLabelText(/^Code à 6 chiffres/), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Activer' }));
    await settle();

    const confirm = callsTo(fetchMock, '/api/auth/staff-second-factor/confirm');
    expect(JSON.parse(String(confirm[0]?.[1]?.body))).toEqual({ token: 'tok-1', code: '123456' });
    expect(bearerOf(confirm[0]?.[1])).toBeUndefined();
    expect(screen.getByTestId('recovery-codes').textContent).toContain(CODES[0]);
    fireEvent.click(screen.getByRole('button', { name: "J'ai conservé mes codes" }));
    expect(screen.getByText(/La double authentification est activée\. Connectez-vous/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/fr/login');
  });

  it('a spent or expired link says so instead of showing a secret', async () => {
    mockFetch(() => json(400, { error: 'invalid_token', message: 'This link is invalid or has expired' }));
    renderEnrol('/fr/staff-second-factor?token=spent');
    fireEvent.click(screen.getByRole('button', { name: 'Activer la double authentification' }));
    await settle();
    expect(screen.getByText(/Ce lien n'est plus valable/)).toBeTruthy();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
  });
});
