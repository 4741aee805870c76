export type FeatureId = 'reviewed' | 'updates' | 'support' | 'creators';

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const PATHS: Record<FeatureId, string> = {
  reviewed: 'M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Zm-3.5 9 2.5 2.5 4.5-5',
  updates: 'M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16m0 4v-4h-4',
  support: 'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H5a1 1 0 0 1-1-1v-5Zm16 0h-3v6h2a1 1 0 0 0 1-1v-5Z',
  creators: 'm8 8-4 4 4 4m8-8 4 4-4 4M14 5l-4 14',
};

/** Decorative icons of the HubFive feature tiles. */
export function FeatureIcon({ id }: { id: FeatureId }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[id]} {...stroke} />
    </svg>
  );
}
