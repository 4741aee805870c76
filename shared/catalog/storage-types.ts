/** What a product's disks are: a product attribute, so a claim about "every offer" is computed, never written. */
export const STORAGE_TYPES = ['NVMe', 'SSD', 'HDD'] as const;
export type StorageType = (typeof STORAGE_TYPES)[number];

/**
 * The storage sentence the catalogue backs: 'nvme' only when every offer that names its disks is
 * NVMe, 'ssd' when every one is SSD or NVMe (flash), 'mixed' otherwise, 'none' without any.
 */
export type StorageClaim = 'nvme' | 'flash' | 'mixed' | 'none';

export function storageClaim(products: readonly { storage_type: StorageType | null }[]): StorageClaim {
  const types = new Set(products.map((p) => p.storage_type).filter((t): t is StorageType => t !== null));
  if (types.size === 0) return 'none';
  if (types.size === 1 && types.has('NVMe')) return 'nvme';
  return types.has('HDD') ? 'mixed' : 'flash';
}

/** The storage type a spec line names ("80 Go NVMe"), for rows written before the attribute. */
export function storageTypeIn(storage: unknown): StorageType | null {
  if (typeof storage !== 'string') return null;
  return STORAGE_TYPES.find((type) => new RegExp(`\\b${type}\\b`, 'i').test(storage)) ?? null;
}
