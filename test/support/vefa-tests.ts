import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isFailure, type FailedAssert } from '../../server/modules/einvoice/validation/svrl';

// The official unit tests of the CEN and Peppol rules are "vefa" testSet files: each <test>
// holds an <assert> naming the rules that must stay silent (<success>), fail as errors (<error>)
// or as warnings (<warning>), optionally how many times (number="2"), and one small document.

export type Expectation = { outcome: 'success' | 'error' | 'warning'; rule: string; count: number | null };

export interface VefaCase {
  /** file name and position: "BR-01.xml #2". */
  name: string;
  /** tc434-ubl (CEN rules) or peppolbis-... (Peppol rules). */
  configuration: string;
  expectations: Expectation[];
  document: string;
}

const TEST = /<test\b[^>]*>([\s\S]*?)<\/test>/g;
const ASSERT = /<assert\b[^>]*>([\s\S]*?)<\/assert>/;
const EXPECT = /<(success|error|warning)\b([^>]*)>([^<]*)<\/\1>/g;

export function readVefaFile(path: string): VefaCase[] {
  // Commented-out tests (a rule the release disabled) are not tests.
  const text = readFileSync(path, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
  const configuration = /<testSet\b[^>]*\bconfiguration="([^"]*)"/.exec(text)?.[1] ?? '';
  return [...text.matchAll(TEST)].map((match, index) => {
    const body = match[1]!;
    const assert = ASSERT.exec(body);
    if (!assert) throw new Error(`${path}: test ${index + 1} has no <assert>`);
    const expectations = [...assert[1]!.matchAll(EXPECT)].map(([, outcome, attributes, rule]) => ({
      outcome: outcome as Expectation['outcome'],
      rule: rule!.trim(),
      count: /number="(\d+)"/.exec(attributes!) ? Number(/number="(\d+)"/.exec(attributes!)![1]) : null,
    }));
    const document = body.replace(ASSERT, '').trim();
    return { name: `${basename(path)} #${index + 1}`, configuration, expectations, document };
  });
}

/** Every test of the testSet files (*.xml) in a folder, in file order. */
export function readVefaFolder(dir: string): VefaCase[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.xml'))
    .sort()
    .flatMap((file) => readVefaFile(join(dir, file)));
}

/** The rule failures a test expects that did not happen (empty: the test passed). */
export function unmetExpectations(testCase: VefaCase, failed: readonly FailedAssert[]): string[] {
  const unmet: string[] = [];
  for (const expectation of testCase.expectations) {
    const hits = failed.filter((f) => f.rule === expectation.rule);
    if (expectation.outcome === 'success') {
      if (hits.length > 0) unmet.push(`${testCase.name}: ${expectation.rule} must not fire, fired ${hits.map((h) => h.flag).join(', ')}`);
      continue;
    }
    const wanted = hits.filter((h) => (expectation.outcome === 'warning' ? h.flag === 'warning' : isFailure(h.flag)));
    const ok = expectation.count === null ? wanted.length > 0 : wanted.length === expectation.count;
    if (!ok)
      unmet.push(
        `${testCase.name}: ${expectation.rule} must fail as ${expectation.outcome}${expectation.count === null ? '' : ` ${expectation.count}×`}, failed ${wanted.length}×`,
      );
  }
  return unmet;
}
