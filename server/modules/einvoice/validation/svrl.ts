// Reads the SVRL report a compiled schematron writes (ISO Schematron Validation Report Language):
// every svrl:failed-assert is a broken rule, its flag says how bad (fatal, error, warning), and
// every svrl:fired-rule is a rule context that matched the document. The report comes from
// SaxonJS's serializer, so its shape is regular: double-quoted attributes, escaped text.

export type RuleFlag = 'fatal' | 'error' | 'warning' | 'information';

export interface FailedAssert {
  /** The rule's id (BR-CO-15, PEPPOL-EN16931-R003). */
  rule: string;
  flag: RuleFlag;
  message: string;
  /** The XPath of the node the rule failed on. */
  location: string;
}

export interface SvrlSummary {
  failed: FailedAssert[];
  firedRules: number;
}

const SVRL_NS = 'http://purl.oclc.org/dsdl/svrl';
const FAILED = /<svrl:failed-assert\b([^>]*?)(?:\/>|>([\s\S]*?)<\/svrl:failed-assert>)/g;
const FIRED = /<svrl:fired-rule\b/g;
const ATTRIBUTE = /([\w:-]+)="([^"]*)"/g;
const TEXT = /<svrl:text\b[^>]*>([\s\S]*?)<\/svrl:text>/;

export function parseSvrl(svrl: string): SvrlSummary {
  // A report that is not SVRL (an XSLT that lost its way) must not read as "nothing failed".
  if (!svrl.includes(`xmlns:svrl="${SVRL_NS}"`) || !/<svrl:schematron-output\b/.test(svrl)) {
    throw new Error('the schematron output is not an SVRL report');
  }
  const failed: FailedAssert[] = [];
  for (const match of svrl.matchAll(FAILED)) {
    const attributes = attributesOf(match[1] ?? '');
    const text = TEXT.exec(match[2] ?? '')?.[1] ?? '';
    failed.push({
      rule: attributes.id ?? 'unknown',
      flag: flagOf(attributes.flag),
      message: decode(text.replace(/<[^>]+>/g, ''))
        .replace(/\s+/g, ' ')
        .trim(),
      location: attributes.location ?? '',
    });
  }
  return { failed, firedRules: svrl.match(FIRED)?.length ?? 0 };
}

/** fatal and error fail a document; an unflagged assert counts as an error (ISO Schematron's default). */
export const isFailure = (flag: RuleFlag) => flag === 'fatal' || flag === 'error';

function flagOf(value: string | undefined): RuleFlag {
  return value === 'fatal' || value === 'warning' || value === 'information' ? value : 'error';
}

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of source.matchAll(ATTRIBUTE)) attributes[name!] = decode(value!);
  return attributes;
}

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (_, entity: string) => {
    if (entity[0] === '#')
      return String.fromCodePoint(entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1)));
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[entity.toLowerCase()] ?? '';
  });
}
