import { describe, expect, it } from 'vitest';
import { isFailure, parseSvrl } from './svrl';

const report = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><svrl:schematron-output xmlns:svrl="http://purl.oclc.org/dsdl/svrl" schemaVersion="iso">${body}</svrl:schematron-output>`;

describe('parseSvrl', () => {
  it('reads each failed assertion with its id, flag, location and decoded text, and counts fired rules', () => {
    const svrl = report(
      '<svrl:fired-rule context="cac:Party"/>' +
        '<svrl:failed-assert test="x &lt; 1" id="BR-CO-15" flag="fatal" location="/Q{urn:x}Invoice[1]">' +
        '<svrl:text>[BR-CO-15]-Total &amp; VAT &quot;must&quot; add up &#8364;</svrl:text></svrl:failed-assert>' +
        '<svrl:fired-rule context="cac:Item"/>' +
        '<svrl:failed-assert id="NO-R-002" flag="warning" location="/x"><svrl:text>Foretaksregisteret</svrl:text></svrl:failed-assert>' +
        '<svrl:failed-assert id="LOCAL-1" location="/y"><svrl:text>unflagged</svrl:text></svrl:failed-assert>',
    );
    expect(parseSvrl(svrl)).toEqual({
      failed: [
        { rule: 'BR-CO-15', flag: 'fatal', message: '[BR-CO-15]-Total & VAT "must" add up €', location: '/Q{urn:x}Invoice[1]' },
        { rule: 'NO-R-002', flag: 'warning', message: 'Foretaksregisteret', location: '/x' },
        { rule: 'LOCAL-1', flag: 'error', message: 'unflagged', location: '/y' },
      ],
      firedRules: 2,
    });
  });

  it('reads a clean report as no failure', () => {
    expect(parseSvrl(report('<svrl:active-pattern/><svrl:fired-rule context="/"/>'))).toEqual({ failed: [], firedRules: 1 });
  });

  it('refuses output that is not SVRL rather than reading it as a pass', () => {
    expect(() => parseSvrl('<html><body>oops</body></html>')).toThrow(/not an SVRL report/);
    expect(() => parseSvrl('')).toThrow(/not an SVRL report/);
  });

  it('counts fatal and error as failures, warning and information not', () => {
    expect((['fatal', 'error', 'warning', 'information'] as const).map(isFailure)).toEqual([true, true, false, false]);
  });
});
