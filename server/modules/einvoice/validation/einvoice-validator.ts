import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SaxonJS from 'saxon-js';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';
import type { DocumentKind } from '../../invoices/billing-document';
import { RULE_FILES } from './rules-dir';
import { compiledSef } from './sef-cache';
import { isFailure, parseSvrl, type FailedAssert, type RuleFlag, type SvrlSummary } from './svrl';
import { systemClock } from '../../../clock/clock';

// The three checks an e-invoice must pass before it is final (DESIGN.md §6), in process:
//   (a) the OASIS UBL 2.1 schema (element order and types; the schematrons check neither), with
//       xmllint compiled to WebAssembly, in a worker thread;
//   (b) the CEN EN 16931 business rules and (c) the Peppol BIS Billing 3.0 rules, the official
//       XSLT run by SaxonJS from SEF files compiled once (sef-cache.ts).
// The schema check runs in its worker while the two XSLT run here, so a document costs about the
// slowest of them, not their sum.

export type RuleSet = 'cen' | 'peppol';

export interface ValidationError {
  /** The rule's id (BR-CO-15, PEPPOL-EN16931-R010), or UBL-XSD for a schema error. */
  rule: string;
  flag: RuleFlag;
  message: string;
  location: string;
}

export interface ValidationReport {
  /** true: no schema error and no fatal or error assertion; null: no rules configured, nothing checked. */
  valid: boolean | null;
  checkedAt: string;
  rules: { ubl: '2.1'; cen: string; peppol: string };
  schemaErrors: string[];
  /** Schema errors (rule UBL-XSD) and failed fatal/error assertions of both rule sets. */
  errors: ValidationError[];
  /** Failed assertions flagged warning (allowed, worth reading). */
  warnings: number;
  /** Rule contexts of both rule sets that matched the document. */
  firedRules: number;
}

export interface EinvoiceValidator {
  /** False in the null mode (no rules folder): reports say valid: null. */
  readonly enabled: boolean;
  validate(xml: string, kind: DocumentKind): Promise<ValidationReport>;
  /** One rule set alone, every failed assertion (warnings too): what the official unit tests check. */
  checkRules(xml: string, ruleSet: RuleSet): Promise<SvrlSummary>;
  /** The UBL 2.1 schema alone: its error messages, none when the document is valid. */
  checkSchema(xml: string, kind: DocumentKind): Promise<string[]>;
  /** Compiles (or loads) the stylesheets now rather than on the first document. */
  warmUp(): Promise<void>;
}

export interface EinvoiceValidatorOptions {
  /** The official rules (resolveEinvoiceRulesDir); null: the null mode. */
  rulesDir: string | null;
  /** Where compiled stylesheets are kept; the system's temporary folder by default. */
  cacheDir?: string;
  now?: () => Date;
}

export const SCHEMA_RULE = 'UBL-XSD';

interface LoadedRules {
  versions: { cen: string; peppol: string };
  sef: Record<RuleSet, unknown>;
  xsd: Record<DocumentKind, XMLFileInfo>;
  xsdCommon: XMLFileInfo[];
}

export function createEinvoiceValidator(options: EinvoiceValidatorOptions): EinvoiceValidator {
  const now = options.now ?? (() => systemClock.now());
  const { rulesDir } = options;
  if (!rulesDir) return nullValidator(now);
  const cacheDir = options.cacheDir ?? join(tmpdir(), 'storefront-einvoice-sef');
  let loading: Promise<LoadedRules> | null = null;
  const rules = () => {
    loading ??= loadRules(rulesDir, cacheDir).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };

  const checkSchema = async (xml: string, kind: DocumentKind) => schemaErrors(await rules(), xml, kind);
  const checkRules = async (xml: string, ruleSet: RuleSet) => runSchematron((await rules()).sef[ruleSet], xml);

  return {
    enabled: true,
    checkSchema,
    checkRules,
    warmUp: async () => void (await rules()),
    async validate(xml, kind) {
      const loaded = await rules();
      // Started first: it runs in a worker thread while the XSLT below run on this one.
      const schema = schemaErrors(loaded, xml, kind);
      const findings = (['cen', 'peppol'] as const).map((ruleSet) => safeSchematron(loaded.sef[ruleSet], xml, ruleSet));
      const schemaMessages = await schema;
      const failed = findings.flatMap((f) => f.failed);
      const errors: ValidationError[] = [
        ...schemaMessages.map((message) => ({ rule: SCHEMA_RULE, flag: 'fatal' as const, message, location: '' })),
        ...failed.filter((f) => isFailure(f.flag)),
      ];
      return {
        valid: errors.length === 0,
        checkedAt: now().toISOString(),
        rules: { ubl: '2.1', ...loaded.versions },
        schemaErrors: schemaMessages,
        errors,
        warnings: failed.filter((f) => f.flag === 'warning').length,
        firedRules: findings.reduce((sum, f) => sum + f.firedRules, 0),
      };
    },
  };
}

function nullValidator(now: () => Date): EinvoiceValidator {
  const off = () => Promise.reject(new Error('no e-invoice rules are configured (EINVOICE_RULES_DIR)'));
  return {
    enabled: false,
    checkRules: off,
    checkSchema: off,
    warmUp: async () => undefined,
    validate: async () => ({
      valid: null,
      checkedAt: now().toISOString(),
      rules: { ubl: '2.1', cen: 'none', peppol: 'none' },
      schemaErrors: [],
      errors: [],
      warnings: 0,
      firedRules: 0,
    }),
  };
}

async function loadRules(rulesDir: string, cacheDir: string): Promise<LoadedRules> {
  const path = (file: string) => join(rulesDir, file);
  const [cenSef, peppolSef] = await Promise.all([
    compiledSef(path(RULE_FILES.cenXslt), cacheDir),
    compiledSef(path(RULE_FILES.peppolXslt), cacheDir),
  ]);
  const commonDir = path(RULE_FILES.xsdCommon);
  const commonFiles = (await readdir(commonDir)).filter((file) => file.endsWith('.xsd')).sort();
  const [cen, peppol, invoiceXsd, creditNoteXsd, cenHead, peppolHead, ...common] = await Promise.all([
    readFile(cenSef, 'utf8'),
    readFile(peppolSef, 'utf8'),
    readFile(path(RULE_FILES.invoiceXsd)),
    readFile(path(RULE_FILES.creditNoteXsd)),
    readFile(path(RULE_FILES.cenXslt), 'utf8'),
    readFile(path(RULE_FILES.peppolSchematron), 'utf8'),
    ...commonFiles.map((file) => readFile(join(commonDir, file))),
  ]);
  return {
    // The CEN XSLT names its version in its first comment; the Peppol XSLT does not, its schematron does.
    versions: {
      cen: /Schematron version (\d+(?:\.\d+)+)/.exec(cenHead.slice(0, 4000))?.[1] ?? 'unknown',
      peppol: /release (\d+(?:\.\d+)+)/.exec(peppolHead.slice(0, 4000))?.[1] ?? 'unknown',
    },
    sef: { cen: JSON.parse(cen) as unknown, peppol: JSON.parse(peppol) as unknown },
    // The main schemas import ../common/*.xsd: the same layout in xmllint's in-memory file system.
    xsd: {
      invoice: { fileName: 'maindoc/UBL-Invoice-2.1.xsd', contents: invoiceXsd },
      credit_note: { fileName: 'maindoc/UBL-CreditNote-2.1.xsd', contents: creditNoteXsd },
    },
    xsdCommon: commonFiles.map((file, i) => ({ fileName: `common/${file}`, contents: common[i]! })),
  };
}

async function schemaErrors(rules: LoadedRules, xml: string, kind: DocumentKind): Promise<string[]> {
  try {
    const result = await validateXML({
      xml: [{ fileName: 'document.xml', contents: xml }],
      schema: [rules.xsd[kind]],
      preload: rules.xsdCommon,
      // A document embeds its PDF: a few MB of base64 need more than xmllint's default 32 MiB.
      maxMemoryPages: 512 * memoryPages.MiB,
    });
    if (result.valid) return [];
    const messages = result.errors.map((e) => (e.loc ? `line ${e.loc.lineNumber}: ${e.message}` : e.message)).filter((m) => m.trim());
    return messages.length > 0 ? messages : ['the document does not follow the UBL 2.1 schema'];
  } catch (error) {
    // xmllint stops without a validation verdict on a document that is not well-formed XML.
    return [`not checked against the UBL 2.1 schema: ${(error as Error).message.trim()}`];
  }
}

function runSchematron(sef: unknown, xml: string): SvrlSummary {
  const { principalResult } = SaxonJS.transform({ stylesheetInternal: sef, sourceText: xml, destination: 'serialized' }, 'sync');
  if (typeof principalResult !== 'string') throw new Error('the schematron produced no report');
  return parseSvrl(principalResult);
}

/** A document the XSLT cannot even read (not XML) fails that rule set instead of throwing. */
function safeSchematron(sef: unknown, xml: string, ruleSet: RuleSet): SvrlSummary {
  try {
    return runSchematron(sef, xml);
  } catch (error) {
    const failed: FailedAssert = { rule: `${ruleSet.toUpperCase()}-XSLT`, flag: 'fatal', message: (error as Error).message, location: '' };
    return { failed: [failed], firedRules: 0 };
  }
}
