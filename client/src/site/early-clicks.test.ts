// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks } from './early-clicks';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('clicks before the page is hydrated', () => {
  it('holds a click on a button that works only with scripts, and gives it again once released', () => {
    document.body.innerHTML = '<button type="button"><span>Ajouter</span></button>';
    const button = document.querySelector('button')!;
    const handler = vi.fn();
    const release = holdEarlyClicks();
    button.addEventListener('click', handler);
    document.querySelector('span')!.click();
    expect(handler).not.toHaveBeenCalled();
    release();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('gives a button clicked twice its click once', () => {
    document.body.innerHTML = '<button type="button">Ajouter</button>';
    const button = document.querySelector('button')!;
    const release = holdEarlyClicks();
    button.click();
    button.click();
    const handler = vi.fn();
    button.addEventListener('click', handler);
    release();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('holds a link within the site too: its state reaches the next page only through the router', () => {
    document.body.innerHTML = '<a href="/fr/login">Se connecter</a>';
    const link = document.querySelector('a')!;
    const release = holdEarlyClicks();
    const followed = vi.fn((event: Event) => event.preventDefault());
    link.addEventListener('click', followed);
    link.click();
    expect(followed).not.toHaveBeenCalled();
    release();
    expect(followed).toHaveBeenCalledTimes(1);
  });

  it("leaves to the browser a form's submit button, a link to another site or tab, and a click asking for a new tab", () => {
    document.body.innerHTML =
      '<form><button type="submit">Refuser</button></form><a id="out" href="https://discord.gg/x">Discord</a>' +
      '<a id="tab" href="/fr/conditions-generales" target="_blank">CGV</a><a id="here" href="/fr/Hosting">Hosting</a>';
    const release = holdEarlyClicks();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    document.querySelector('form')!.addEventListener('submit', submitted);
    const followed = vi.fn((event: Event) => event.preventDefault());
    document.querySelectorAll('a').forEach((link) => link.addEventListener('click', followed));
    document.querySelector('button')!.click();
    document.querySelector<HTMLAnchorElement>('#out')!.click();
    document.querySelector<HTMLAnchorElement>('#tab')!.click();
    document.querySelector('#here')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(followed).toHaveBeenCalledTimes(3);
    release();
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(followed).toHaveBeenCalledTimes(3);
  });

  it('lets clicks through untouched once released', () => {
    document.body.innerHTML = '<button type="button">Ajouter</button>';
    holdEarlyClicks()();
    const handler = vi.fn();
    const button = document.querySelector('button')!;
    button.addEventListener('click', handler);
    button.click();
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
