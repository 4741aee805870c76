import { Router, type Request, type Response, type NextFunction } from 'express';
import type { Logger } from 'pino';
import { isLanguage, type Language } from '../../../shared/i18n/languages';
import { productSchema, type Product } from '../../../shared/schemas/product';
import type { SellerIdentity } from '../../../shared/schemas/seller';
import { consentIn } from '../../../shared/site/cookie-consent';
import { findPublicPage, type PublicPage } from '../../../shared/site/public-pages';
import type { Catalog, CatalogSnapshot } from '../../modules/catalog/catalog.service';
import { pageHead } from './head-tags';
import { createPageCache } from './page-cache';
import { readPageAssets } from './page-assets';
import { allowInlineStyle, inlineStylesOf, type InlineStyles } from './page-styles';
import { builtRenderer, type PageRenderer } from './page-renderer';
import { pageQuery } from './page-urls';
import { intlNamesOf } from './site-texts';
import { DEFAULT_SUPPORT_LANGUAGES } from '../../../shared/site/support-languages';
import { robotsTxt, sitemapXml } from './robots-sitemap';

export interface PublicSiteDeps {
  catalog: Pick<Catalog, 'productsSnapshot'>;
  /** Who sells: the legal pages, the footer and the contact page show it (issue 34). */
  seller?: SellerIdentity;
  /** The site's address (PUBLIC_URL), for canonical links, hreflang and the sitemap. */
  publicUrl: string;
  /** The languages the support team answers in (SUPPORT_LANGUAGES): the pages say which. */
  supportLanguages?: readonly Language[];
  logger: Logger;
  /** Folder of the built client (dist/client); without it only robots.txt and sitemap.xml. */
  clientDir?: string;
  /** Defaults to the server build beside clientDir (dist/server/entry-server.js). */
  renderer?: PageRenderer;
}

/**
 * The public site for search engines and first paints (issue 18): robots.txt, sitemap.xml, and
 * the public pages rendered with their content (current prices and stock) and hydrated in the
 * browser. Any other page — logged-in, staff, cart — is left to the client's shell after this.
 */
export function publicSite({ catalog, seller, publicUrl, supportLanguages, logger, clientDir, renderer }: PublicSiteDeps): Router {
  const router = Router();

  async function catalogJson(): Promise<unknown[]> {
    return parseSnapshot(await catalog.productsSnapshot());
  }

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(robotsTxt(publicUrl));
  });

  router.get('/sitemap.xml', async (_req, res) => {
    res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(sitemapXml(publicUrl, readProducts(await catalogJson())));
  });

  if (!clientDir) return router;
  const loadRenderer = renderer ? () => Promise.resolve(renderer) : builtRenderer(clientDir);
  let assetsOf: ReturnType<typeof readPageAssets> | undefined;
  const rendered = createPageCache<{ html: string; inlineStyles: InlineStyles | null }>();
  const stylesByPage = new Map<string, InlineStyles | null>();
  const stylesOf = (key: string, hrefs: string[]) => {
    if (!stylesByPage.has(key)) stylesByPage.set(key, inlineStylesOf(clientDir, hrefs));
    return stylesByPage.get(key)!;
  };

  async function renderPublicPage(req: Request, res: Response, next: NextFunction): Promise<void> {
    const { lng } = req.params as { lng: string };
    const rest = (req.params as { rest?: string[] }).rest ?? [];
    const page = isLanguage(lng) ? findPublicPage(rest.join('/')) : undefined;
    if (!page || !isLanguage(lng)) return next();
    // Without the site's build (its manifest) or the server's, the client's shell renders the page.
    assetsOf ??= readPageAssets(clientDir!);
    const render = assetsOf && (await loadRenderer());
    if (!assetsOf || !render) return next();
    try {
      const snapshot = page.catalogue ? await catalog.productsSnapshot(lng) : undefined;
      // A page drawn per visit (the opening hours' message) is rendered every time.
      // The cookie banner is in the HTML until the visitor has answered: two versions of each page.
      const consentAsked = consentIn(req.headers.cookie) === null;
      const cacheKey = page.perVisit
        ? undefined
        : `${lng} ${snapshot?.etag ?? '-'} ${consentAsked ? 'ask' : 'answered'} ${req.originalUrl}`;
      const cached = cacheKey === undefined ? undefined : rendered.get(cacheKey);
      res.setHeader('Cache-Control', 'no-cache'); // prices and stock change: always asked again
      res.setHeader('Vary', 'Cookie'); // a shared cache must not give a new visitor a page without the banner
      if (cached !== undefined) {
        sendPage(res, cached.html, cached.inlineStyles);
        return;
      }
      const raw = snapshot ? parseSnapshot(snapshot) : undefined;
      const url = new URL(req.originalUrl, 'http://localhost');
      const initialData = {
        products: raw,
        seller,
        supportLanguages,
        intlNames: intlNamesOf(lng, seller, supportLanguages ?? DEFAULT_SUPPORT_LANGUAGES),
        random: Math.random(),
        // eslint-disable-next-line clock/injected-only -- the time the page was rendered at, so hydration matches it; no rule reads it.
        now: Date.now(),
        consentAsked,
      };
      const { entry, hydration, styles, scripts } = assetsOf(page, lng);
      // The page's stylesheets go inline: its first paint waits for no request but the HTML.
      const inlineStyles = stylesOf(`${lng} ${page.key}`, styles);
      const head = pageHead({
        publicUrl,
        lng,
        page,
        query: pageQuery(page, url.searchParams),
        products: shownProducts(page, raw ? readProducts(raw) : [], url.searchParams),
        supportLanguages,
      });
      const assets = { entry, scripts: { hydration, modules: scripts }, stylesheets: styles, inlineCss: inlineStyles?.css ?? null };
      const html = await render(url.href, lng, initialData, { head, assets });
      if (cacheKey !== undefined) rendered.set(cacheKey, { html, inlineStyles });
      sendPage(res, html, inlineStyles);
    } catch (error) {
      // The shell still works: the client renders the page as it did before.
      logger.error({ err: error, path: req.path }, 'Could not render a public page on the server');
      next();
    }
  }

  router.get('/:lng{/*rest}', (req, res, next) => {
    renderPublicPage(req, res, next).catch(next);
  });
  return router;
}

/** The page, with its inline style block allowed by the Content-Security-Policy helmet set. */
function sendPage(res: Response, html: string, inlineStyles: InlineStyles | null): void {
  const policy = res.getHeader('Content-Security-Policy');
  if (inlineStyles && typeof policy === 'string')
    res.setHeader('Content-Security-Policy', allowInlineStyle(policy, inlineStyles.cspSource));
  res.type('html').send(html);
}

function parseSnapshot(snapshot: CatalogSnapshot): unknown[] {
  return JSON.parse(snapshot.body.toString('utf8')) as unknown[];
}

/** The catalogue read as the browser reads it: a product that does not fit the schema is left out. */
function readProducts(raw: unknown[]): Product[] {
  return raw.flatMap((item) => {
    const parsed = productSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The products the page lists: the shop's chosen category, or the whole catalogue for Hosting. */
function shownProducts(page: PublicPage, products: Product[], params: URLSearchParams): Product[] {
  if (page.key === 'hosting') return products;
  if (page.key !== 'shop') return [];
  const category = params.get('category');
  const subcategory = params.get('subcategory');
  return products.filter(
    (product) => (!category || product.category_key === category) && (!subcategory || product.subcategory_key === subcategory),
  );
}
