import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from 'xmlbuilder2';
import { renderPage } from '../../client/src/entry-server';
import { PUBLIC_PAGES } from '../../shared/site/public-pages';
import { createTestApp, TEST_PUBLIC_URL, TEST_SELLER } from '../support/app';
import { buildCategory, buildProduct } from '../support/builders';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { writeSiteBuild } from '../support/site-build';
import { buildStaff, staffBearer } from '../support/staff';

// Issue 18: the public pages come rendered with their content, and what search engines read.

// The app's shell, index.html, as the client build writes it (its scripts do not matter here).
const TEMPLATE =
  '<!doctype html><html lang="fr"><head><meta charset="UTF-8" /><meta name="description" content="Site" />' +
  '<title>HubHost</title></head><body><div id="root"></div></body></html>';

let database: TestDatabase;
let clientDir: string;
let manager: { id: number };
let vps: { id: number };
beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  writeSiteBuild(clientDir, TEMPLATE);
  manager = await buildStaff(database.db, 'manager');
  const linux = await buildCategory(database.db, { name: 'Classique Linux' });
  vps = await buildProduct(database.db, { category_id: linux.id, name: 'VPS Éclair', price_cents: 999, stock: 10 });
  await buildProduct(database.db, { category_id: linux.id, name: 'VPS Rare', price_cents: 2500, stock: 2 });
  await buildProduct(database.db, { category_id: linux.id, name: 'VPS </script><b>Parti</b>', price_cents: 4000, stock: 0 });
});
afterAll(async () => {
  await database.destroy();
  rmSync(clientDir, { recursive: true, force: true });
});

// One app with a long catalogue cache, as in production: an admin's change must show anyway.
let app: ReturnType<typeof createTestApp> | undefined;
const site = () => (app ??= createTestApp(database.db, { clientDir, catalogTtlMs: 60_000, pageRenderer: renderPage }));
const page = async (path: string) => (await request(site()).get(path).expect(200).expect('Content-Type', /html/)).text;

/** The HTML without tags, as a reader without JavaScript sees its words. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

const headLinks = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"([^>]*)>`, 'g'))].map((match) => match[1]!);

describe('a public page without JavaScript', () => {
  it("shows the shop's products with their prices and stock labels", async () => {
    const html = await page('/fr/boutique');
    const text = visibleText(html);
    expect(html).toContain('<html lang="fr"');
    expect(text).toContain('VPS Éclair');
    expect(text).toMatch(/9,99\s€ \/ mois · HT/u);
    expect(text).toMatch(/25,00\s€ \/ mois · HT/u);
    expect(text).toContain('En stock');
    expect(text).toContain('Bientôt épuisé');
    expect(text).toContain('Indisponible');
    expect(html).toContain('<title>Boutique · HubHost</title>');
  });

  it("lists a chosen category's product cards, in the visitor's language", async () => {
    const text = visibleText(await page(`/nl/boutique?${new URLSearchParams({ category: 'Classique Linux' })}`));
    expect(text).toContain('VPS Rare');
    expect(text).toContain('Bijna uitverkocht');
    expect(text).toMatch(/€\s?25,00/u);
  });

  it('carries the data it was rendered with, where no product name can end the script', async () => {
    const html = await page('/fr/boutique');
    const script = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html);
    expect(script).not.toBeNull();
    expect(script![1]).not.toContain('</');
    const data = JSON.parse(script![1]!) as { products: { name: string; price_cents: number }[] };
    expect(data.products.map((product) => product.name)).toContain('VPS </script><b>Parti</b>');
  });

  it("shows an admin's price change in the next render, whatever the cache", async () => {
    expect(visibleText(await page('/fr/boutique'))).toMatch(/9,99\s€/u);
    await request(site())
      .patch(`/api/admin/products/${vps.id}`)
      .set('Authorization', staffBearer(manager.id))
      .send({ price_cents: 1999, stock: 3 })
      .expect(200);
    const text = visibleText(await page('/fr/boutique'));
    expect(text).toMatch(/19,99\s€/u);
    expect(text).not.toMatch(/(^|[^0-9])9,99\s€/u);
    await request(site())
      .patch(`/api/admin/products/${vps.id}`)
      .set('Authorization', staffBearer(manager.id))
      .send({ price_cents: 999, stock: 10 });
  });

  it.each(['fr', 'pl'])('renders every public page in %s with its own heading, never the error page', async (lng) => {
    const texts = (await import(`../../shared/locales/${lng}.json`)) as { errors: { unexpected: string } };
    for (const { path } of PUBLIC_PAGES) {
      const html = await page(`/${lng}/${path}`);
      expect(html, path).toMatch(/<h1[ >]/);
      expect(visibleText(html), path).not.toContain(texts.errors.unexpected);
    }
  });

  it('renders the home page in Polish', async () => {
    const html = await page('/pl/');
    expect(html).toContain('<html lang="pl"');
    expect(visibleText(html)).toContain('Twoje serwery hostowane w Europie');
  });

  it('renders the configured seller into the legal notice, the footer and the contact page, in each language (issue 34)', async () => {
    const notice = visibleText(await page('/fr/mentions-legales'));
    expect(notice).toContain('Le site est édité par HubHost SRL, société à responsabilité limitée (SRL) de droit belge.');
    expect(notice).toContain(`Siège : ${TEST_SELLER.address}, Belgique`);
    expect(notice).toContain(`Numéro d'entreprise (BCE) : ${TEST_SELLER.enterpriseNumber}`);
    expect(notice).toContain(`Numéro de TVA : ${TEST_SELLER.vatNumber}`);
    expect(notice).toContain(`Téléphone : ${TEST_SELLER.phone}`);
    expect(notice).toContain(`Le site est hébergé par ${TEST_SELLER.hosting.name}, ${TEST_SELLER.hosting.address}.`);
    expect(notice).not.toMatch(/exemple de format|XXX|à remplacer|hubhost\.example/i);
    // The footer of every page carries the same numbers.
    const footer = visibleText((await page('/fr/mentions-legales')).split('<footer')[1]!);
    expect(footer).toContain(`N° d'entreprise ${TEST_SELLER.enterpriseNumber} TVA ${TEST_SELLER.vatNumber}`);
    const dutch = visibleText(await page('/nl/mentions-legales'));
    expect(dutch).toContain('Deze website wordt uitgegeven door HubHost SRL, een besloten vennootschap (BV) naar Belgisch recht.');
    expect(dutch).toContain(`Maatschappelijke zetel: ${TEST_SELLER.address}, België`);
    const contact = visibleText(await page('/en/contact'));
    expect(contact).toContain(`E-mail ${TEST_SELLER.email}`);
    expect(contact).toContain(`Phone ${TEST_SELLER.phone}`);
  });

  it('gives a logged-in page the client shell, not a rendered page', async () => {
    for (const path of ['/fr/PanelCLient', '/fr/dashboard-admin', '/nl/Cart', '/fr/settings']) {
      const html = await page(path);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('initial-data');
    }
  });
});

describe('what search engines read on a page', () => {
  it('has a description, a canonical link and every language as an alternate', async () => {
    const html = await page('/nl/Hosting?utm_source=mail');
    expect(html).toContain('<html lang="nl"');
    expect(html).toMatch(/<meta name="description" content="Hostingaanbod van HubHost[^"]*"\/>/);
    expect(headLinks(html, 'canonical')).toEqual([` href="${TEST_PUBLIC_URL}/nl/Hosting"/`]);
    const alternates = headLinks(html, 'alternate').map((attributes) => /hreflang="([^"]+)" href="([^"]+)"/i.exec(attributes)!.slice(1));
    expect(alternates).toEqual([
      ['fr', `${TEST_PUBLIC_URL}/fr/Hosting`],
      ['nl', `${TEST_PUBLIC_URL}/nl/Hosting`],
      ['en', `${TEST_PUBLIC_URL}/en/Hosting`],
      ['pl', `${TEST_PUBLIC_URL}/pl/Hosting`],
      ['x-default', `${TEST_PUBLIC_URL}/fr/Hosting`],
    ]);
    expect(html).toContain(`<meta property="og:url" content="${TEST_PUBLIC_URL}/nl/Hosting"/>`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    // One title, in the head.
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('keeps a shop category in the canonical link', async () => {
    const html = await page('/fr/boutique?subcategory=x&category=Classique+Linux&ref=ad');
    expect(headLinks(html, 'canonical')).toEqual([` href="${TEST_PUBLIC_URL}/fr/boutique?category=Classique+Linux&amp;subcategory=x"/`]);
  });

  it('describes the shop, its opening hours and its offers in JSON-LD', async () => {
    const data = jsonLd(await page('/fr/boutique?category=Classique+Linux'));
    const organization = data.find((item) => item['@type'] === 'Organization') as {
      contactPoint: { hoursAvailable: { dayOfWeek: string; opens: string; closes: string }[] };
    };
    expect(organization.contactPoint.hoursAvailable).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Saturday',
      opens: '10:00',
      closes: '16:00',
    });
    expect(organization.contactPoint.hoursAvailable.map((hours) => hours.dayOfWeek)).not.toContain('https://schema.org/Monday');
    const list = data.find((item) => item['@type'] === 'ItemList') as {
      itemListElement: { item: { name: string; offers: { price: string; priceCurrency: string; availability: string } } }[];
    };
    const offers = Object.fromEntries(list.itemListElement.map(({ item }) => [item.name, item.offers]));
    expect(offers['VPS Éclair']).toMatchObject({ priceCurrency: 'EUR', availability: 'https://schema.org/InStock' });
    expect(Number(offers['VPS Éclair']!.price)).toBeGreaterThanOrEqual(9.99); // tax included
    expect(offers['VPS Rare']!.availability).toBe('https://schema.org/LimitedAvailability');
    expect(offers['VPS </script><b>Parti</b>']!.availability).toBe('https://schema.org/OutOfStock');
  });

  it("gives the home page's questions as an FAQPage", async () => {
    const faq = jsonLd(await page('/en/')).find((item) => item['@type'] === 'FAQPage') as {
      mainEntity: { name: string; acceptedAnswer: { text: string } }[];
    };
    expect(faq.mainEntity).toHaveLength(7);
    expect(faq.mainEntity.every((item) => item.name.length > 0 && item.acceptedAnswer.text.length > 0)).toBe(true);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps the private areas out and points to the sitemap', async () => {
    const res = await request(site())
      .get('/robots.txt')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    const lines = res.text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/fr/PanelCLient', '/pl/dashboard-admin', '/nl/profile', '/en/settings', '/fr/Cart']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /fr/boutique');
    expect(lines).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    // Every line is a known directive, a blank line or a comment.
    expect(lines.every((line) => line === '' || /^(User-agent|Allow|Disallow|Sitemap): \S+$/.test(line))).toBe(true);
  });

  it('sitemap.xml lists every public page in every language with its alternates', async () => {
    const res = await request(site()).get('/sitemap.xml').expect(200).expect('Content-Type', /xml/);
    const doc = create(res.text).end({ format: 'object' }) as { urlset: { url: { loc: string; 'xhtml:link': unknown[] }[] } };
    const urls = doc.urlset.url;
    const locs = urls.map((url) => url.loc);
    for (const lng of ['fr', 'nl', 'en', 'pl']) {
      for (const publicPage of PUBLIC_PAGES) expect(locs).toContain(`${TEST_PUBLIC_URL}/${lng}/${publicPage.path}`);
      expect(locs).toContain(`${TEST_PUBLIC_URL}/${lng}/boutique?category=Classique+Linux`);
    }
    expect(locs).not.toContain(`${TEST_PUBLIC_URL}/fr/PanelCLient`);
    expect(urls.every((url) => url['xhtml:link'].length === 5)).toBe(true);
    expect(res.text).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${TEST_PUBLIC_URL}/fr/Hosting"/>`);
  });
});

describe('styles of a rendered page', () => {
  // A build whose entry has two stylesheets: the page must paint without fetching them.
  let styledDir: string;
  let styled: ReturnType<typeof createTestApp>;
  beforeAll(() => {
    styledDir = mkdtempSync(join(tmpdir(), 'client-styled-'));
    writeSiteBuild(styledDir, TEMPLATE, {
      'assets/tokens-1.css': ':root{--navy:#0b1733}',
      'assets/index-2.css': 'body{color:var(--navy)}',
    });
    styled = createTestApp(database.db, { clientDir: styledDir, pageRenderer: renderPage });
  });
  afterAll(() => rmSync(styledDir, { recursive: true, force: true }));

  it('inlines them in the head, in the order the build lists them, allowed by their hash in the policy', async () => {
    for (let visit = 1; visit <= 2; visit++) {
      // The second visit is answered from the page cache: same page, same policy.
      const res = await request(styled).get('/fr/Hosting').expect(200);
      const [head, body] = res.text.split('</head>') as [string, string];
      const style = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1];
      expect(style).toBe(':root{--navy:#0b1733}\nbody{color:var(--navy)}');
      expect(head).not.toContain('rel="stylesheet"');
      const hash = createHash('sha256').update(style!).digest('base64');
      expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'sha256-${hash}'`);
      // Listed after the content, disabled: not fetched, and found there by the chunk loader.
      expect(body).toMatch(
        /<\/div><link rel="stylesheet" crossorigin="" href="\/assets\/tokens-1.css" disabled=""\/><link rel="stylesheet" crossorigin="" href="\/assets\/index-2.css" disabled=""\/><script type="application\/json" id="initial-data">/,
      );
    }
  });

  it('is painted whole, then fetches the scripts it names as data', async () => {
    const res = await request(styled).get('/fr/Hosting').expect(200);
    const [head, body] = res.text.split('</head>') as [string, string];
    expect(head).toContain('<script type="module" crossorigin="" src="/assets/site-main.js"></script>');
    expect(head).not.toContain('modulepreload');
    // The first paint waits until the document's last element is parsed.
    expect(head).toContain('<link rel="expect" href="#page-scripts" blocking="render"/>');
    const listed = /<script type="application\/json" id="page-scripts">([^<]*)<\/script><\/body>/.exec(body)?.[1];
    expect(JSON.parse(listed!)).toEqual({
      hydration: '/assets/hydrate-page.js',
      modules: ['/assets/hydrate-page.js', '/assets/libraries.js'],
    });
  });

  it('leaves every other answer under the strict policy', async () => {
    const res = await request(styled).get('/api/products').expect(200);
    expect(res.headers['content-security-policy']).toContain("style-src 'self';");
  });
});
