import type { Logger } from 'pino';
import type { StoredValidation } from '../invoices/billing-documents.repo';
import type { DocumentsDeps } from '../invoices/documents.service';
import { renderDocumentPdf } from '../invoices/invoice-document';
import { buildUbl } from './ubl/build-ubl';
import { createEinvoiceValidator, type EinvoiceValidator, type ValidationReport } from './validation/einvoice-validator';
import { resolveEinvoiceRulesDir } from './validation/rules-dir';

/** What billing_documents.validation keeps of a report: the verdict, the broken rules, the counts, the rule versions. */
export function storedValidation(report: ValidationReport): StoredValidation {
  return {
    valid: report.valid,
    errors: report.errors.map((e) => ({ rule: e.rule, message: e.message, flag: e.flag, location: e.location })),
    warnings: report.warnings,
    checkedAt: report.valid === null ? null : report.checkedAt,
    firedRules: report.firedRules,
    rules: report.rules,
  };
}

export type DocumentRenderers = DocumentsDeps['renderer'] & { validator: EinvoiceValidator };

/** One validator per rules folder in the process: each holds the compiled rules (tens of megabytes) once. */
const validators = new Map<string, EinvoiceValidator>();
function sharedValidator(rulesDir: string | null): EinvoiceValidator {
  const key = rulesDir ?? '';
  let validator = validators.get(key);
  if (!validator) validators.set(key, (validator = createEinvoiceValidator({ rulesDir })));
  return validator;
}

/**
 * The real renderer: the PDF (pdfmake, in the document's language), the Peppol BIS 3.0 UBL that
 * embeds it, and the three official checks when the rules are installed (EINVOICE_RULES_DIR, or
 * ../shared/einvoice beside the repository on a development machine).
 */
export function createDocumentRenderer(options: {
  rulesDir?: string;
  validator?: EinvoiceValidator;
  logger?: Pick<Logger, 'warn'>;
}): DocumentRenderers {
  const validator = options.validator ?? sharedValidator(resolveEinvoiceRulesDir(options.rulesDir));
  if (!validator.enabled)
    options.logger?.warn(
      'e-invoice rules not installed: documents are issued unchecked. Install the official rules (README, "E-invoices (Peppol)") and set EINVOICE_RULES_DIR',
    );
  return {
    validator,
    async render(data, storedPdf) {
      const pdf = storedPdf ?? (await renderDocumentPdf(data));
      const ubl = buildUbl(data, pdf);
      const report = await validator.validate(ubl, data.kind);
      return { pdf, ubl, validation: storedValidation(report) };
    },
    draftPdf: (data) => renderDocumentPdf(data),
  };
}
