import { LineIcon } from '../../ui/line-icon';

// Decorative line icons: each card's title says the same.
export function DriveIcon() {
  return (
    <LineIcon>
      <rect x="3" y="4" width="18" height="7" rx="2" />
      <rect x="3" y="13" width="18" height="7" rx="2" />
      <path d="M7 7.5h.01M7 16.5h.01M11 7.5h6M11 16.5h6" />
    </LineIcon>
  );
}

export function ShieldIcon() {
  return (
    <LineIcon>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z" />
      <path d="m8.8 12 2.2 2.2 4.3-4.4" />
    </LineIcon>
  );
}

export function HeadsetIcon() {
  return (
    <LineIcon>
      <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
      <rect x="3" y="14" width="4" height="6" rx="1.5" />
      <rect x="17" y="14" width="4" height="6" rx="1.5" />
      <path d="M19 20a3 3 0 0 1-3 2h-2.5" />
    </LineIcon>
  );
}

export function RocketIcon() {
  return (
    <LineIcon>
      <path d="M5 15c-1.5 1.3-2 4-2 6 2 0 4.7-.5 6-2" />
      <path d="M9 15.5 8.5 15A12 12 0 0 1 20 4a12 12 0 0 1-11 11.5Z" />
      <path d="m9 11-3-.5L4 13l3.5.5M13 15l.5 3L11 20l-.5-3.5" />
      <circle cx="15" cy="9" r="1.5" />
    </LineIcon>
  );
}

export function CalendarIcon() {
  return (
    <LineIcon>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
      <path d="m9.5 15 1.8 1.8 3.4-3.6" />
    </LineIcon>
  );
}

export function PanelIcon() {
  return (
    <LineIcon>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 9h18M9 20V9" />
      <path d="M12.5 13h5M12.5 16h3" />
    </LineIcon>
  );
}
