import { LineIcon } from '../../ui/line-icon';

// Decorative line icons: each card's title says the same.
export function GaugeIcon() {
  return (
    <LineIcon>
      <path d="M4.5 18a9 9 0 1 1 15 0" />
      <path d="m12 13 4-5" />
      <circle cx="12" cy="13" r="1.5" />
    </LineIcon>
  );
}

export function LockIcon() {
  return (
    <LineIcon>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
      <path d="M12 14.5v2.5" />
    </LineIcon>
  );
}

export function PulseIcon() {
  return (
    <LineIcon>
      <path d="M3 12h4l2.5-6 4 12 2.5-6h5" />
    </LineIcon>
  );
}

export function DashboardIcon() {
  return (
    <LineIcon>
      <rect x="3" y="3" width="7.5" height="9" rx="1.5" />
      <rect x="13.5" y="3" width="7.5" height="5" rx="1.5" />
      <rect x="13.5" y="11" width="7.5" height="10" rx="1.5" />
      <rect x="3" y="15" width="7.5" height="6" rx="1.5" />
    </LineIcon>
  );
}
