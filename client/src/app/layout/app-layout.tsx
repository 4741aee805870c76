import { Outlet, ScrollRestoration } from 'react-router-dom';
import { CookieBanner } from '../cookie-banner/cookie-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { NavigationProgress } from './navigation-progress';
import '../../styles/layout.css';

export function AppLayout() {
  return (
    <div className="app-shell">
      <NavigationProgress />
      <Navbar />
      <main id="main" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
      <ScrollRestoration />
    </div>
  );
}
