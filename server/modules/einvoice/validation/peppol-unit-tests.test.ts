import { describeOfficialUnitTests } from '../../../../test/support/vefa-suite';

// The CEN EN 16931 unit tests of credit notes and the Peppol BIS Billing 3.0 unit tests.
describeOfficialUnitTests([
  { folder: 'cen/tests/CreditNote-unit-UBL', ruleSet: 'cen', atLeast: 70 },
  { folder: 'peppol/unit-UBL-PEPPOL', ruleSet: 'peppol', atLeast: 50 },
]);
