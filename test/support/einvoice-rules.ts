import { createEinvoiceValidator, type EinvoiceValidator } from '../../server/modules/einvoice/validation/einvoice-validator';
import { resolveEinvoiceRulesDir } from '../../server/modules/einvoice/validation/rules-dir';

// The official rules for tests: EINVOICE_RULES_DIR or ../shared/einvoice beside the repository.
// A suite without them fails, never passes by checking nothing.

export function testRulesDir(): string {
  const dir = resolveEinvoiceRulesDir(process.env.EINVOICE_RULES_DIR);
  if (!dir) throw new Error('the e-invoice rules are missing: put them in ../shared/einvoice or set EINVOICE_RULES_DIR');
  return dir;
}

/** One validator per test file; compiling the stylesheets the first time takes up to half a minute. */
export function testValidator(): EinvoiceValidator {
  return createEinvoiceValidator({ rulesDir: testRulesDir() });
}

export const WARM_UP_TIMEOUT = 180_000;
