import { DEFAULT_CATEGORY_NAME } from '../../../../shared/constants';

// Where a new product goes when the form names no category (the form has no category field, spec
// §2 "Product creation form"). The rule follows the OS families of spec §5 ("VPS filtering"):
//   - an OS containing 'win' (Windows Server …)            -> 'Classique Windows'
//   - an OS containing ubuntu, linux, debian or centos    -> 'Classique Linux'
//   - anything else, or no OS                             -> 'Autre' (the catalogue's catch-all)
// When the chosen category does not exist (a shop without the demo catalogue), 'Autre' is used.

export const WINDOWS_CATEGORY_NAME = 'Classique Windows';
export const LINUX_CATEGORY_NAME = 'Classique Linux';

export function defaultCategoryName(os: string): string {
  const value = os.toLowerCase();
  if (value.includes('win')) return WINDOWS_CATEGORY_NAME;
  if (/ubuntu|linux|debian|centos/.test(value)) return LINUX_CATEGORY_NAME;
  return DEFAULT_CATEGORY_NAME;
}
