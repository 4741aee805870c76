import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import type { Language } from '../../shared/i18n/languages';
import en from '../../shared/locales/en.json';
import fr from '../../shared/locales/fr.json';
import nl from '../../shared/locales/nl.json';
import pl from '../../shared/locales/pl.json';
import { ServerRenderData, type InitialData } from './api/initial-data';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';

// The server's build of the app (vite build --ssr): renders a public page to HTML for hydration.

const TEXTS = { fr, nl, en, pl };
const instances = new Map<Language, I18n>();

/** One instance per language, made once: a render never changes its language. */
function textsFor(lng: Language): I18n {
  let instance = instances.get(lng);
  if (!instance) {
    instance = i18next.createInstance();
    void instance.use(initReactI18next).init({
      resources: { [lng]: { translation: TEXTS[lng] } },
      lng,
      fallbackLng: false,
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    instances.set(lng, instance);
  }
  return instance;
}

const handler = createStaticHandler(routes);

export type RenderResult = { kind: 'page'; html: string } | { kind: 'redirect'; status: number; location: string };

/** The page at `url` (absolute) in `lng`, rendered with `data` — the same the browser's first render gets. */
export async function renderPage(url: string, lng: Language, data: InitialData): Promise<RenderResult> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <ServerRenderData data={data}>
        <AppProviders i18n={textsFor(lng)}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </ServerRenderData>
    </StrictMode>,
  );
  return { kind: 'page', html };
}
