import { Outlet, ScrollRestoration } from 'react-router-dom';
import { CookieBanner } from '../cookie-banner/cookie-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { NavigationProgress } from './navigation-progress';
import '../../styles/layout.css';

/**
 * `ownDocument`: a public page's document (client/src/site/), under React Router's declarative
 * routers. Every link away from it loads a new document, so the browser shows the progress and
 * restores the scroll, the app's data router does both in the app.
 */
export function AppLayout({ ownDocument = false }: { ownDocument?: boolean }) {
  return (
    <div className="app-shell">
      {ownDocument ? null : <NavigationProgress />}
      <Navbar />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
      {ownDocument ? null : <ScrollRestoration />}
    </div>
  );
}
