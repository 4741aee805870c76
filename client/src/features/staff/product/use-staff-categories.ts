import { useEffect, useState } from 'react';
import { staffProductsApi } from '../../../../../shared/contract/staff-products';
import type { StaffCategoriesDto } from '../../../../../shared/schemas/staff/products';
import { useStaffApi } from '../use-staff-api';

export type StaffCategory = StaffCategoriesDto['categories'][number];

/** The shop's categories with their subcategories, for the product forms' selects. */
export function useStaffCategories(): { categories: StaffCategory[]; failed: boolean } {
  const api = useStaffApi();
  const [categories, setCategories] = useState<StaffCategory[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    api.call(staffProductsApi.categories).then(
      (answer) => current && setCategories(answer.categories),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [api]);
  return { categories, failed };
}
