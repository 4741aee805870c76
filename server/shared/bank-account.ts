// The seller's bank account (config): checkout shows it for a transfer and invoices print it. Here,
// importing no module, so that invoices need not import checkout (which imports the order lifecycle).

export interface BankAccount {
  iban: string;
  bic: string;
  accountHolder: string;
}
