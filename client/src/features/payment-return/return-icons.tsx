// State icons for the return pages: decorative, the title says the same in words.

export function SuccessIcon() {
  return (
    <svg
      className="payment-return__icon payment-return__icon--success"
      width="56"
      height="56"
      viewBox="0 0 56 56"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="28" cy="28" r="28" fill="currentColor" opacity="0.14" />
      <circle cx="28" cy="28" r="17" fill="currentColor" />
      <path d="m20.5 28.5 5 5 10-10.5" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function WaitingIcon() {
  return (
    <svg
      className="payment-return__icon payment-return__icon--waiting"
      width="56"
      height="56"
      viewBox="0 0 56 56"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="28" cy="28" r="28" fill="currentColor" opacity="0.12" />
      <circle cx="28" cy="28" r="15" fill="none" stroke="currentColor" strokeWidth="2.6" />
      <path d="M28 20v8.5l5.5 3.5" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function CancelIcon() {
  return (
    <svg
      className="payment-return__icon payment-return__icon--cancel"
      width="56"
      height="56"
      viewBox="0 0 56 56"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="28" cy="28" r="28" fill="currentColor" opacity="0.12" />
      <circle cx="28" cy="28" r="17" fill="currentColor" />
      <path d="m22.5 22.5 11 11m0-11-11 11" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** Money given back: an arrow turning back, in the "Remboursée" badge's colour. */
export function RefundIcon() {
  return (
    <svg
      className="payment-return__icon payment-return__icon--refund"
      width="56"
      height="56"
      viewBox="0 0 56 56"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="28" cy="28" r="28" fill="currentColor" opacity="0.12" />
      <circle cx="28" cy="28" r="17" fill="currentColor" />
      <path
        d="M34.5 31.5a7 7 0 1 1-1.6-8.2M33.5 18.5v5h-5"
        fill="none"
        stroke="#fff"
        strokeWidth="2.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
