export function ProductForm() {
  return null;
}
