import { describeOfficialUnitTests } from '../../../../test/support/vefa-suite';

// The CEN EN 16931 unit tests of invoices (the largest set, in a file of its own so that vitest
// runs it beside the others on another worker).
describeOfficialUnitTests([{ folder: 'cen/tests/Invoice-unit-UBL', ruleSet: 'cen', atLeast: 200 }]);
