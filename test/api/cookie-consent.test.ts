import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../client/src/entry-server';
import { createTestApp } from '../support/app';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { writeSiteBuild } from '../support/site-build';

// Spec §9 and issue 18: the cookie banner paints with the server's HTML, so it can be answered
// before the page's scripts run; the form then posts here.

const TEMPLATE = '<!doctype html><html lang="fr"><head><title>HubHost</title></head><body><div id="root"></div></body></html>';
const BANNER = 'aria-labelledby="cookie-banner-title"';

let database: TestDatabase;
let clientDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  writeSiteBuild(clientDir, TEMPLATE);
});
afterAll(async () => {
  await database.destroy();
  rmSync(clientDir, { recursive: true, force: true });
});

let app: ReturnType<typeof createTestApp> | undefined;
const site = () => (app ??= createTestApp(database.db, { clientDir, pageRenderer: renderPage }));
const answer = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  request(site()).post('/api/cookie-consent').type('form').set(headers).send(form);

describe('the cookie banner in the rendered page', () => {
  it('is in the HTML of a first visit, as a form that posts the answer and the page', async () => {
    const res = await request(site()).get('/fr/boutique?category=Linux').expect(200);
    expect(res.text).toContain(BANNER);
    expect(res.text).toContain('<form class="cookie-banner__card" action="/api/cookie-consent" method="post">');
    expect(res.text).toContain('<input type="hidden" name="return" value="/fr/boutique?category=Linux"/>');
    for (const value of ['refused', 'accepted']) {
      expect(res.text).toMatch(new RegExp(`<button type="submit"(?=[^>]*name="consent")[^>]*value="${value}"`));
    }
    expect(res.text).toContain('"consentAsked":true');
    expect(res.headers.vary).toContain('Cookie');
  });

  it('is absent once the visitor has answered, also when the other version is cached', async () => {
    await request(site()).get('/fr/').expect(200);
    for (const value of ['accepted', 'refused']) {
      const res = await request(site()).get('/fr/').set('Cookie', `theme=dark; site_cookie_consent=${value}`).expect(200);
      expect(res.text).not.toContain(BANNER);
      expect(res.text).toContain('"consentAsked":false');
    }
    expect((await request(site()).get('/fr/').expect(200)).text).toContain(BANNER);
  });

  it('is asked again for a cookie holding an unknown answer', async () => {
    const res = await request(site()).get('/fr/').set('Cookie', 'site_cookie_consent=maybe').expect(200);
    expect(res.text).toContain(BANNER);
  });
});

describe('POST /api/cookie-consent', () => {
  it.each(['accepted', 'refused'])('keeps "%s" for 150 days and goes back to the page', async (consent) => {
    const res = await answer({ consent, return: '/nl/boutique?category=Linux' }, { 'Sec-Fetch-Site': 'same-origin' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/nl/boutique?category=Linux');
    const cookie = res.headers['set-cookie']![0]!;
    expect(cookie).toMatch(new RegExp(`^site_cookie_consent=${consent}; Max-Age=12960000; Path=/; Expires=.+; SameSite=Lax$`));
  });

  it('sends a return address that is not a page of this site to the home page', async () => {
    for (const target of ['//evil.test/x', 'https://evil.test/', '/\\evil.test', 'boutique', '']) {
      const res = await answer({ consent: 'accepted', return: target });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/');
    }
    expect((await answer({ consent: 'accepted' })).headers.location).toBe('/');
  });

  it('refuses an unknown answer with the field, and stores nothing', async () => {
    const res = await answer({ consent: 'maybe', return: '/fr/' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('consent');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it("refuses another site's form: consent is the visitor's to give", async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await answer({ consent: 'accepted', return: '/fr/' }, { 'Sec-Fetch-Site': site });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('cross_site');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });
});
