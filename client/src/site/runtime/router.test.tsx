// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Link, NavLink, Outlet, SiteRouter, useLocation, useParams, useSearchParams } from './router';

// jsdom does not scroll: what matters is whether the router asks it to.
const scrollTo = vi.fn();
beforeEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '', '/fr/boutique?category=VPS');
  scrollTo.mockClear();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});
afterEach(cleanup);

function Filter() {
  const [params, setParams] = useSearchParams();
  const { lng } = useParams();
  return (
    <button type="button" onClick={() => setParams({ category: 'Minecraft' }, { preventScrollReset: true })}>
      {lng} {params.get('category')}
    </button>
  );
}

function Where() {
  const { pathname, search, state } = useLocation();
  return <output>{`${pathname}${search} ${JSON.stringify(state)}`}</output>;
}

const site = (page = <Filter />) =>
  render(
    <SiteRouter page={page}>
      <Outlet />
      <Where />
      <Link to="/fr/Hosting">Hosting</Link>
      <Link to={{ search: '?category=FiveM' }}>FiveM</Link>
      <Link to="/fr/login" state={{ fromInside: true }}>
        Se connecter
      </Link>
    </SiteRouter>,
  );

describe('the public pages’ router', () => {
  it('shows the page in the layout’s outlet, with the URL’s language', () => {
    site();
    expect(screen.getByRole('button').textContent).toBe('fr VPS');
  });

  it('leaves a link to another page to the browser', () => {
    site();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Hosting' }).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(screen.getByRole('link', { name: 'Hosting' }).getAttribute('href')).toBe('/fr/Hosting');
  });

  it('carries a link’s state to the page it opens', () => {
    site();
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByRole('link', { name: 'Se connecter' }).dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(JSON.parse(sessionStorage.getItem('navigation-handoff')!)).toEqual({ to: '/fr/login', state: { fromInside: true } });
  });

  it('changes the query in place, and goes back with the browser', async () => {
    site();
    fireEvent.click(screen.getByRole('button'));
    expect(window.location.search).toBe('?category=Minecraft');
    expect(screen.getByRole('button').textContent).toBe('fr Minecraft');
    expect(scrollTo).not.toHaveBeenCalled(); // asked to stay where the visitor is
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(screen.getByRole('button').textContent).toBe('fr VPS');
  });

  it('follows a link within the page in place, back at the top as react-router does', () => {
    site();
    fireEvent.click(screen.getByRole('link', { name: 'FiveM' }));
    expect(window.location.pathname + window.location.search).toBe('/fr/boutique?category=FiveM');
    expect(screen.getByRole('button').textContent).toBe('fr FiveM');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('marks the link to the current page as react-router does', () => {
    render(
      <SiteRouter page={null}>
        <NavLink to="/fr/" end>
          Accueil
        </NavLink>
        <NavLink to="/fr/Boutique" className="nav">
          Boutique
        </NavLink>
        <NavLink to="/fr/bout">Préfixe</NavLink>
        <NavLink to="/fr" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Langue
        </NavLink>
      </SiteRouter>,
    );
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link('Accueil').getAttribute('aria-current')).toBeNull();
    expect(link('Boutique').getAttribute('aria-current')).toBe('page');
    expect(link('Boutique').className).toBe('nav active');
    expect(link('Préfixe').getAttribute('aria-current')).toBeNull();
    expect(link('Langue').className).toBe('on');
  });

  it('renders on the server at the requested address', () => {
    const html = renderToString(
      <SiteRouter url="http://localhost/nl/boutique?category=FiveM" page={<Filter />}>
        <Outlet />
      </SiteRouter>,
    );
    expect(html).toContain('nl<!-- --> <!-- -->FiveM');
  });
});
