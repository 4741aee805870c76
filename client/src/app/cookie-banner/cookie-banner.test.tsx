// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderPage } from '../../testing/render-page';
import { CookieBanner } from './cookie-banner';
import { CONSENT_COOKIE } from './consent-cookie';

afterEach(() => {
  cleanup();
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
  vi.restoreAllMocks();
});

const show = () => renderPage(<CookieBanner />, { path: 'cookies', url: '/fr/cookies' });
const banner = () => screen.queryByRole('region', { name: 'Nous respectons votre vie privée' });

describe('cookie banner (spec §2, §9)', () => {
  it.each([
    ['Accepter', 'accepted'],
    ['Refuser', 'refused'],
  ])('%s stores site_cookie_consent=%s for 150 days and hides the banner', (button, value) => {
    const written: string[] = [];
    const setter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!.set!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation(function (this: Document, cookie: string) {
      written.push(cookie);
      setter.call(this, cookie);
    });
    show();
    expect(banner()).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lire notre politique cookies' }).getAttribute('href')).toBe('/fr/politique-cookies');

    fireEvent.click(screen.getByRole('button', { name: button }));

    expect(written).toHaveLength(1);
    expect(written[0]).toBe(`site_cookie_consent=${value}; Max-Age=12960000; Path=/; SameSite=Lax`);
    expect(document.cookie).toContain(`site_cookie_consent=${value}`);
    expect(banner()).toBeNull();
  });

  it('is a form that posts the answer and the page, for a visitor who answers before the scripts run', () => {
    show();
    const form = banner()!.querySelector('form')!;
    expect([form.method, form.getAttribute('action')]).toEqual(['post', '/api/cookie-consent']);
    expect(new FormData(form).get('return')).toBe('/fr/cookies');
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    fireEvent.click(screen.getByRole('button', { name: 'Accepter' }));
    expect(submitted).not.toHaveBeenCalled(); // once hydrated, answered in place: no round trip
  });

  it('stays hidden once the cookie exists', () => {
    document.cookie = `${CONSENT_COOKIE}=refused; Max-Age=60; Path=/`;
    show();
    expect(banner()).toBeNull();
  });

  it('asks again when the cookie holds an unknown value', () => {
    document.cookie = `${CONSENT_COOKIE}=maybe; Max-Age=60; Path=/`;
    show();
    expect(banner()).toBeTruthy();
  });
});
