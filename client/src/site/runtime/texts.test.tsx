// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import fr from '../../../../shared/locales/fr.json';
import { SiteTexts, translate, useTranslation } from './texts';

afterEach(cleanup);

describe('the public pages’ texts', () => {
  it('reads nested keys and fills their placeholders, as i18next does', () => {
    expect(translate(fr, 'nav.login')).toBe('Se connecter');
    expect(translate(fr, 'shop.cartLink', { count: 3 })).toBe('Panier (3)');
    expect(translate({ a: { b: 'de {{ from }} à {{to}}' } }, 'a.b', { from: 9, to: 18 })).toBe('de 9 à 18');
  });

  it('gives the key back for a text it lacks, and the first key found of several', () => {
    expect(translate(fr, 'nope.title')).toBe('nope.title');
    expect(translate(fr, ['nope.key', 'brand.name'])).toBe(fr.brand.name);
    expect(translate(fr, 'nope.key', { defaultValue: 'Repli' })).toBe('Repli');
  });

  it('gives a list or an object only when asked for one', () => {
    const texts = { informations: { messages: ['Bonjour', 'Salut'] } };
    expect(translate(texts, 'informations.messages', { returnObjects: true })).toEqual(['Bonjour', 'Salut']);
    expect(translate(texts, 'informations.messages')).toBe('informations.messages');
  });

  it('gives components the page’s language and its texts', () => {
    function Probe() {
      const { t, i18n } = useTranslation();
      return (
        <p lang={i18n.language}>
          {t('nav.login')} {String(i18n.exists('nav.login'))} {String(i18n.exists('panel.title'))}
        </p>
      );
    }
    render(
      <SiteTexts lng="nl" texts={{ nav: { login: 'Inloggen' } }}>
        <Probe />
      </SiteTexts>,
    );
    expect(screen.getByText('Inloggen true false').getAttribute('lang')).toBe('nl');
  });
});
