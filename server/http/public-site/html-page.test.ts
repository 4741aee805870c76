import { describe, expect, it } from 'vitest';
import { fillTemplate } from './html-page';

const TEMPLATE =
  '<!doctype html><html lang="fr"><head><title>HubHost</title>' +
  '<script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body></html>';

const fill = () =>
  fillTemplate(TEMPLATE, {
    lng: 'nl',
    head: '<meta name="description" content="Winkel" />',
    appHtml: '<title>Winkel · HubHost</title><main>Winkel</main>',
    initialData: { products: [{ name: '</script><b>' }] },
    preloads: '<link rel="modulepreload" crossorigin href="/assets/shop-page.js" />',
  });

describe('a rendered public page', () => {
  it('has its language, its title, its markup and its data where no text can close the script', () => {
    const html = fill();
    expect(html).toContain('<html lang="nl"');
    expect(html).toContain('<title>Winkel · HubHost</title>');
    expect(html).not.toContain('<title>HubHost</title>');
    expect(html).toContain('<div id="root"><main>Winkel</main></div>');
    expect(html).toContain('{"products":[{"name":"\\u003c/script>\\u003cb>"}]}');
  });
});
