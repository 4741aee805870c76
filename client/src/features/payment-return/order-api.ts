// The return pages read the customer's own order (ordersApi.get) named by the providers' return URL.

/** The `orderId` query parameter the providers come back with, when it is a usable id. */
export function readOrderId(params: URLSearchParams): number | null {
  const raw = params.get('orderId') ?? '';
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
