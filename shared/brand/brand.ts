// The shop's brand for what leaves the browser (invoice PDFs, mails): the same navy and green as
// the site (client/src/styles/tokens.css; brand.test.ts keeps them equal) and the same logo as
// client/public/logo.svg.

export const BRAND_COLOURS = {
  /** --navy-900: the header and footer of the site. */
  navy: '#0b1733',
  /** --navy-700: lines and secondary navy. */
  navySoft: '#1c3163',
  /** --accent: the emerald of "servers up" (fills, rules; never text on white: too light). */
  green: '#2fd39a',
  /** --accent-ink: text on the green. */
  greenInk: '#04140e',
  /** --accent-text: green text on white (AA contrast). */
  greenText: '#047857',
  /** --accent-soft: pale green backgrounds. */
  greenSoft: '#e7f9f1',
  /** --ink, --ink-muted, --border */
  ink: '#0f172a',
  muted: '#475569',
  border: '#e3e8f0',
} as const;

/** client/public/logo.svg, inline: pdfmake draws it as vectors (sharp at any zoom, no file to read). */
export const BRAND_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#5fe3b4"/>
      <stop offset="1" stop-color="#1fb483"/>
    </linearGradient>
  </defs>
  <rect width="64" height="64" rx="16" fill="url(#g)"/>
  <g fill="#0b1733">
    <rect x="14" y="14" width="36" height="10" rx="3"/>
    <rect x="14" y="27" width="36" height="10" rx="3"/>
    <rect x="14" y="40" width="36" height="10" rx="3"/>
  </g>
  <g fill="#5fe3b4">
    <circle cx="20.5" cy="19" r="2"/>
    <circle cx="20.5" cy="32" r="2"/>
    <circle cx="20.5" cy="45" r="2"/>
  </g>
  <g stroke="#3b5591" stroke-width="2" stroke-linecap="round">
    <path d="M34 19h10M34 32h10M34 45h10"/>
  </g>
</svg>
`;
