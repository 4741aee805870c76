import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import en from '../../shared/locales/en.json';
import fr from '../../shared/locales/fr.json';
import nl from '../../shared/locales/nl.json';
import pl from '../../shared/locales/pl.json';
import { seriousViolations } from './support/axe';
import { screenshot, VIEWPORTS } from './support/browser';
import { at, DEMO_CLIENT, logInDemoClient } from './support/demo-client';
import { useShopSession } from './support/shop-session';
import { passSecondFactor } from './support/second-factor';

// Issue 17 "No invented people": the home shows only real customers' comments, published once
// staff approve them in the back-office, with the first name and initial and "client vérifié".

const session = useShopSession('reviews');
const COMMENT = `Serveur livré comme prévu, merci à l’équipe (${Date.now()}).`;
// Camille Dubois, as the public sees her.
const PUBLIC_NAME = 'Camille D.';

/** The comments the home shows, in page order. */
const shownComments = (page: Page) => page.locator('.review__text').allTextContents();

async function openHome(page: Page, lng = 'fr') {
  await page.goto(`${session.shop.baseUrl}/${lng}/`);
  // The average is in once the block stops loading; the published reviews are read with it.
  await page.locator('.ratings__summary:not([aria-busy])').waitFor();
  await page.waitForLoadState('networkidle');
}

describe('customer reviews in the browser (issue 17)', () => {
  it('no invented testimonials: in every language the home quotes only comments staff approved', async () => {
    const { page } = session;
    const approved = (await (await page.request.get(`${session.shop.baseUrl}/api/ratings/reviews`)).json()) as {
      reviews: { comment: string }[];
    };
    expect(approved.reviews.length).toBeGreaterThan(0); // the seeded, approved comments of demo customers
    for (const [lng, texts] of [
      ['fr', fr],
      ['nl', nl],
      ['en', en],
      ['pl', pl],
    ] as const) {
      expect(texts.home.testimonials).not.toHaveProperty('quotes');
      await openHome(page, lng);
      const quotes = await page.locator('main blockquote').allTextContents();
      expect(quotes, lng).toEqual(approved.reviews.map((r) => r.comment));
    }
  });

  it('a customer’s comment shows only once staff publish it, then with "client vérifié"', async () => {
    const { page, context } = session;
    // The demo client paid an order (seeds/customer-history.ts) and has not rated yet.
    await logInDemoClient(page, session.shop.baseUrl);
    await page
      .locator('label', { hasText: fr.home.testimonials.starLabel.replace('{{value}}', '5') })
      .first()
      .click();
    await page.getByRole('textbox', { name: fr.home.testimonials.commentLabel }).fill(COMMENT);
    await page.getByRole('button', { name: fr.home.testimonials.submit }).click();
    await page.getByText(fr.home.testimonials.thanksComment).waitFor();

    // Waiting for moderation: neither the customer nor a visitor sees it.
    await openHome(page);
    expect(await shownComments(page)).not.toContain(COMMENT);
    const visitor = await context.browser()!.newContext({ viewport: VIEWPORTS.desktop });
    await visitor.addCookies([{ name: 'site_cookie_consent', value: 'accepted', url: session.shop.baseUrl }]);
    const visitorPage = await visitor.newPage();
    await openHome(visitorPage);
    expect(await shownComments(visitorPage)).not.toContain(COMMENT);

    // Staff publish it from Support > Avis clients.
    await page.getByRole('button', { name: new RegExp(DEMO_CLIENT.name) }).click();
    await page.getByRole('menuitem', { name: fr.usermenu.logout }).click();
    await openStaffReviews(page);
    const row = page.getByRole('row').filter({ hasText: COMMENT });
    await row.waitFor();
    expect(await row.textContent()).toContain(fr.staff.reviews.publicAs.replace('{{name}}', PUBLIC_NAME));
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'staff-reviews-fr-1280');
    await row.getByRole('button', { name: fr.staff.reviews.approve }).click();
    await page.getByText(fr.staff.reviews.approved.replace('{{name}}', PUBLIC_NAME)).waitFor();
    expect(await page.getByRole('row').filter({ hasText: COMMENT }).count()).toBe(0); // left the waiting list

    // Published: the visitor sees it, with the first name and initial and "client vérifié".
    await openHome(visitorPage);
    const review = visitorPage.locator('.review').filter({ hasText: COMMENT });
    await review.waitFor();
    expect(await review.locator('.review__name').textContent()).toBe(PUBLIC_NAME);
    expect(await review.getByText('client vérifié').count()).toBe(1);
    expect(await review.textContent()).not.toContain('Dubois');
    await visitorPage.setViewportSize(VIEWPORTS.phone);
    await review.scrollIntoViewIfNeeded();
    expect(await seriousViolations(visitorPage)).toEqual([]);
    await screenshot(visitorPage, 'home-reviews-fr-375');
    await visitor.close();
  });
});

/** The admin logs in (password, then the second factor's code), passes the admin password and opens the Support category's reviews view. */
async function openStaffReviews(page: Page) {
  await page.goto(`${session.shop.baseUrl}/fr/`);
  await page.getByRole('link', { name: fr.nav.login }).first().click();
  await page.waitForURL(at('/fr/login'));
  await page.getByLabel(/^Adresse e-mail/).fill('admin@demo.test');
  await page.getByLabel(/^Mot de passe/).fill('Demo-staff-1');
  await page.getByRole('button', { name: fr.login.submit, exact: true }).click();
  await passSecondFactor(page, 'admin@demo.test');
  await page.waitForURL(at('/fr/'));
  await page.getByRole('button', { name: /Antoine Mercier/ }).click();
  await page.getByRole('menuitem', { name: fr.usermenu.supportPanel }).click();
  await page.getByLabel(fr.staff.password.label).fill('Demo-admin-1');
  await page.getByRole('button', { name: fr.staff.password.submit }).click();
  await page.getByRole('navigation', { name: fr.staff.nav.label }).getByRole('link', { name: fr.staff.categories.tickets }).click();
  await page.getByRole('tab', { name: fr.staff.tickets.viewReviews }).click();
}
