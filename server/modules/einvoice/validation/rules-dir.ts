import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isAbsolute, join, resolve } from 'node:path';

// Where the official e-invoice rules are read from: a folder laid out as ../shared/einvoice is
// (cen/, peppol/, ubl21-xsd/). They are never copied into the project: the folder sits beside the
// repository on a development machine and in CI, or is named by EINVOICE_RULES_DIR.

/** The repository's root, from this file's place in it (server/modules/einvoice/validation/). */
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The files a rules folder must hold; a folder without them is not one. */
export const RULE_FILES = {
  invoiceXsd: 'ubl21-xsd/maindoc/UBL-Invoice-2.1.xsd',
  creditNoteXsd: 'ubl21-xsd/maindoc/UBL-CreditNote-2.1.xsd',
  xsdCommon: 'ubl21-xsd/common',
  cenXslt: 'cen/xslt/EN16931-UBL-validation.xslt',
  peppolXslt: 'peppol/xslt/PEPPOL-EN16931-UBL.xslt',
  peppolSchematron: 'peppol/sch/PEPPOL-EN16931-UBL.sch',
} as const;

/**
 * The rules folder: `configured` (the EINVOICE_RULES_DIR setting, relative to the repository when
 * not absolute) when given, which must then be a rules folder; otherwise ../shared/einvoice beside
 * the repository when it is one; otherwise null (the validator then checks nothing and says so).
 */
export function resolveEinvoiceRulesDir(configured?: string | null, repositoryRoot: string = REPOSITORY_ROOT): string | null {
  if (configured && configured.trim()) {
    const dir = isAbsolute(configured) ? configured : resolve(repositoryRoot, configured);
    if (!isRulesDir(dir)) throw new Error(`EINVOICE_RULES_DIR=${configured}: no e-invoice rules there (${RULE_FILES.cenXslt} is missing)`);
    return dir;
  }
  const beside = resolve(repositoryRoot, '..', 'shared', 'einvoice');
  return isRulesDir(beside) ? beside : null;
}

function isRulesDir(dir: string): boolean {
  return Object.values(RULE_FILES).every((file) => existsSync(join(dir, file)));
}
