import type { StaffArea } from '../../../../shared/staff/permissions';
import { LineIcon } from '../../ui/line-icon';

// One line icon per dashboard area (spec §2: Commandes is shown with a cart icon). Decorative.
const PATHS: Record<StaffArea | 'home' | 'profile' | 'menu', React.ReactNode> = {
  menu: <path d="M4 6.5h16M4 12h16M4 17.5h16" />,
  orders: (
    <>
      <circle cx="9" cy="20" r="1.4" />
      <circle cx="18" cy="20" r="1.4" />
      <path d="M2.5 3.5h3l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.3a1.5 1.5 0 0 0 1.5-1.1L21 7.5H6.3" />
    </>
  ),
  tickets: <path d="M4 5h16v11H9l-5 4V5Zm4 5h8M8 13h5" />,
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.6-3.6 3.2-5.5 6.5-5.5s5.9 1.9 6.5 5.5M16 4.5a3.5 3.5 0 0 1 0 7M18 14.8c2 .6 3.2 2.4 3.5 5.2" />
    </>
  ),
  products: <path d="m12 3 8 4.5v9L12 21l-8-4.5v-9L12 3Zm0 9 8-4.5M12 12v9M12 12 4 7.5" />,
  billing: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
  logs: <path d="M6 3h9l4 4v14H6V3Zm9 0v4h4M9 11h7M9 14.5h7M9 18h4" />,
  createProduct: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="3" />
      <path d="M12 8v8M8 12h8" />
    </>
  ),
  home: <path d="m3.5 11 8.5-7 8.5 7M6 9.5V20h12V9.5" />,
  profile: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c.8-4.2 4-6.5 8-6.5s7.2 2.3 8 6.5" />
    </>
  ),
};

export function StaffIcon({ name, size = 20 }: { name: keyof typeof PATHS; size?: number }) {
  return <LineIcon size={size}>{PATHS[name]}</LineIcon>;
}
