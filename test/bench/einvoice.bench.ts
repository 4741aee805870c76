// npm run bench: how long the three official checks (UBL 2.1 XSD, CEN EN 16931, Peppol BIS 3.0)
// take per document once the rules are loaded, over the project's own documents (the fixtures of
// every VAT case). The render job runs them once per issued document. Prints figures; asserts nothing.
import { buildUbl } from '../../server/modules/einvoice/ubl/build-ubl';
import { createEinvoiceValidator } from '../../server/modules/einvoice/validation/einvoice-validator';
import { resolveEinvoiceRulesDir } from '../../server/modules/einvoice/validation/rules-dir';
import { DOCUMENT_FIXTURES } from '../support/document-fixtures';

const ROUNDS = Number(process.env.BENCH_EINVOICE_ROUNDS ?? 3);
const rulesDir = resolveEinvoiceRulesDir(process.env.EINVOICE_RULES_DIR);
if (!rulesDir) {
  console.info('e-invoice bench: no rules folder (EINVOICE_RULES_DIR or ../shared/einvoice): skipped');
} else {
  const validator = createEinvoiceValidator({ rulesDir });
  const loading = performance.now();
  await validator.warmUp();
  const loadMs = performance.now() - loading;
  const pdf = Buffer.from('%PDF-1.4\n% bench\n');
  const documents = Object.values(DOCUMENT_FIXTURES).map((data) => ({ xml: buildUbl(data, pdf), kind: data.kind }));
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const { xml, kind } of documents) {
      const started = performance.now();
      const report = await validator.validate(xml, kind);
      times.push(performance.now() - started);
      if (report.valid !== true)
        console.info(`e-invoice bench: a fixture failed its checks (${report.errors.map((e) => e.rule).join(', ')})`);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(0);
  console.info(
    `e-invoice checks: rules loaded in ${loadMs.toFixed(0)} ms; ${times.length} documents, median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms`,
  );
}
