import { useId, type ComponentType } from 'react';
import type { Language } from '../../../shared/i18n/languages';

// Drawn inline: no external image, nothing for the CSP to allow. Decorative: the button carries the label.
const svgProps = {
  className: 'flag-icon',
  width: 24,
  height: 16,
  viewBox: '0 0 3 2',
  'aria-hidden': true,
  focusable: false,
} as const;

function FlagFr() {
  return (
    <svg {...svgProps}>
      <rect width="1" height="2" fill="#002395" />
      <rect x="1" width="1" height="2" fill="#fff" />
      <rect x="2" width="1" height="2" fill="#ed2939" />
    </svg>
  );
}

function FlagNl() {
  return (
    <svg {...svgProps}>
      <rect width="3" height="0.67" fill="#ae1c28" />
      <rect y="0.67" width="3" height="0.66" fill="#fff" />
      <rect y="1.33" width="3" height="0.67" fill="#21468b" />
    </svg>
  );
}

function FlagPl() {
  return (
    <svg {...svgProps}>
      <rect width="3" height="1" fill="#fff" />
      <rect y="1" width="3" height="1" fill="#dc143c" />
    </svg>
  );
}

/** Union Jack, cropped to the same 3:2 box as the others. */
function FlagEn() {
  const clip = useId();
  return (
    <svg {...svgProps} viewBox="0 0 60 30" preserveAspectRatio="xMidYMid slice">
      <clipPath id={clip}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <rect width="60" height="30" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" clipPath={`url(#${clip})`} stroke="#c8102e" strokeWidth="4" />
      <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#c8102e" strokeWidth="6" />
    </svg>
  );
}

const FLAGS: Record<Language, ComponentType> = { fr: FlagFr, nl: FlagNl, en: FlagEn, pl: FlagPl };

export function FlagIcon({ lng }: { lng: Language }) {
  const Flag = FLAGS[lng];
  return <Flag />;
}
