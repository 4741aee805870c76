import type { Page } from 'playwright-core';
import fr from '../../../shared/locales/fr.json';
import { DEMO_TOTP_SECRETS } from '../../../seeds/accounts';
import { unusedTotpCode } from '../../support/staff';

/** The login's code step, answered with a code computed from the secret (the README's for demo staff). */
export async function passSecondFactor(page: Page, email: string, secret?: string): Promise<void> {
  const known = secret ?? DEMO_TOTP_SECRETS[email as keyof typeof DEMO_TOTP_SECRETS];
  if (!known) throw new Error(`no TOTP secret known for ${email}`);
  // The shop's database outlives this file's memory of the steps used: never the previous step's code.
  const code = await unusedTotpCode(email, known, { fromPreviousStep: false });
  await page.getByLabel(fr.twoFactor.codeLabel).fill(code);
  await page.getByRole('button', { name: fr.twoFactor.verify, exact: true }).click();
}
