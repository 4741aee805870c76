import { useId } from 'react';

const STAR = 'M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9L12 2.8z';
const STEP = 26; // a 24px star and a 2px gap
const OFFSETS = [0, 1, 2, 3, 4].map((i) => i * STEP);
const WIDTH = 4 * STEP + 24;

/** Five stars filled up to the average (a clip width, no inline style for the CSP). Decorative. */
export function AverageStars({ average }: { average: number }) {
  const clip = useId();
  const value = Math.min(Math.max(average, 0), 5);
  // Whole stars, then the fraction of the next one (the gaps are not part of the score).
  const filled = Math.floor(value) * STEP + (value % 1) * 24;

  return (
    <svg className="average-stars" width={WIDTH} height="24" viewBox={`0 0 ${WIDTH} 24`} aria-hidden="true" focusable="false">
      <clipPath id={clip}>
        <rect width={filled} height="24" />
      </clipPath>
      {OFFSETS.map((x) => (
        <path key={`empty-${x}`} className="average-stars__empty" d={STAR} transform={`translate(${x} 0)`} />
      ))}
      <g clipPath={`url(#${clip})`}>
        {OFFSETS.map((x) => (
          <path key={`full-${x}`} className="average-stars__full" d={STAR} transform={`translate(${x} 0)`} />
        ))}
      </g>
    </svg>
  );
}
