import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleSet } from '../../server/modules/einvoice/validation/einvoice-validator';
import { testRulesDir, testValidator, WARM_UP_TIMEOUT } from './einvoice-rules';
import { readVefaFile, unmetExpectations } from './vefa-tests';

/**
 * Runs the official unit tests of a rules folder against one rule set, one vitest test per
 * testSet file: in each, every rule named <error> or <warning> must fail as such on its document
 * and every rule named <success> must stay silent. Proves the validator reads and applies the
 * rules before any of the shop's own documents is trusted to it.
 */
export function describeOfficialUnitTests(suites: { folder: string; ruleSet: RuleSet; atLeast: number }[]): void {
  const rulesDir = testRulesDir();
  const validator = testValidator();
  const tally = { files: 0, documents: 0, mustFire: 0, mustStaySilent: 0, ms: 0 };
  beforeAll(() => validator.warmUp(), WARM_UP_TIMEOUT);
  afterAll(() => {
    console.info(
      `official unit tests: ${tally.files} files, ${tally.documents} documents, ` +
        `${tally.mustFire} rules fired as required, ${tally.mustStaySilent} stayed silent as required, ` +
        `${(tally.ms / Math.max(tally.documents, 1)).toFixed(1)} ms a document`,
    );
  });

  for (const { folder, ruleSet, atLeast } of suites) {
    const dir = join(rulesDir, folder);
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.xml'))
      .sort();
    describe(`${folder} (${ruleSet} rules)`, () => {
      it(`holds at least ${atLeast} testSet files`, () => {
        expect(files.length).toBeGreaterThanOrEqual(atLeast);
      });

      it.each(files)('%s', async (file) => {
        const cases = readVefaFile(join(dir, file));
        expect(cases.length).toBeGreaterThan(0);
        const unmet: string[] = [];
        for (const testCase of cases) {
          const started = performance.now();
          const { failed } = await validator.checkRules(testCase.document, ruleSet);
          tally.ms += performance.now() - started;
          unmet.push(...unmetExpectations(testCase, failed));
          tally.documents += 1;
          for (const e of testCase.expectations) {
            if (e.outcome === 'success') tally.mustStaySilent += 1;
            else tally.mustFire += 1;
          }
        }
        tally.files += 1;
        expect(unmet).toEqual([]);
      });
    });
  }
}
