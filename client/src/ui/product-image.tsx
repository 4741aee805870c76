import { GENERIC_PRODUCT_IMAGE, PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH, productImageUrl } from '../../../shared/catalog/product-images';
import '../styles/product-image.css';

interface Props {
  /** The product's image_url (from the catalogue, or kept in an older cart line: null there). */
  src: string | null | undefined;
  className?: string;
  /** Above the fold (the first cards): load at once rather than lazily. */
  eager?: boolean;
}

/**
 * A product's illustration. Decorative (alt=""): the product's name follows it. Width and height
 * reserve its box before it loads, so nothing below it jumps.
 */
export function ProductImage({ src, className, eager = false }: Props) {
  return (
    <img
      className={`product-image${className ? ` ${className}` : ''}`}
      src={src || productImageUrl(GENERIC_PRODUCT_IMAGE)}
      alt=""
      width={PRODUCT_IMAGE_WIDTH}
      height={PRODUCT_IMAGE_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
