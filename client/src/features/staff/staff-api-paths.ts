// The back-office calls (spec §7 "Staff"; shared/schemas/staff.ts has the shapes).
export const ORDERS_PAGE_SIZE = 50; // spec §9: staff orders page size

export const VERIFY_PASSWORD_PATH = '/api/admin/verify-admin-password';
export const roleQueryPath = (userId: number) => `/api/admin/getrole?userId=${userId}`;
export const dutyStatusPath = (userId: number) => `/api/admin/support/${userId}/status`;
export const endServicePath = (userId: number) => `/api/admin/support/${userId}/end-service`;
export const ordersPath = (userId: number, page: number) => `/api/admin/orders?userId=${userId}&page=${page}&limit=${ORDERS_PAGE_SIZE}`;
export const takeOrderPath = (orderId: number) => `/api/admin/orders/${orderId}/take`;
export const confirmOrderPath = (orderId: number) => `/api/admin/orders/${orderId}/confirm`;
export const availableVpsPath = (orderId: number) => `/api/admin/vps/available?orderId=${orderId}`;
export const TICKETS_PATH = '/api/admin/support-tickets';
export const ticketReplyPath = (ticketId: number) => `/api/admin/support-tickets/${ticketId}/reply`;
export const CREATE_PRODUCT_PATH = '/api/admin/create';
export const profilePath = (userId: number) => `/api/admin/user/${userId}`;
export const transactionsPath = (userId: number) => `/api/admin/user/${userId}/transactions`;
export const ticketClosePath = (ticketId: number) => `/api/admin/support-tickets/${ticketId}/close`;
export const billingPath = (filter: string, page: number) => `/api/admin/billing?filter=${filter}&page=${page}`;
export const markPaidPath = (orderId: number) => `/api/admin/orders/${orderId}/mark-paid`;
export const cancelOrderPath = (orderId: number) => `/api/admin/orders/${orderId}/cancel`;
export const refundOrderPath = (orderId: number) => `/api/admin/orders/${orderId}/refund`;
/** Produits (category 3): one page of the list; a query built from the search and the 'Archivés' toggle. */
export const adminProductsPath = (q: string, archived: boolean, page: number) =>
  `/api/admin/products?${new URLSearchParams({ ...(q ? { q } : {}), archived: String(archived), page: String(page) })}`;
export const adminProductPath = (productId: number) => `/api/admin/products/${productId}`;
/** Logs (category 5): the filters left empty are not sent. */
export const auditLogPath = (filters: Record<string, string>, page: number) =>
  `/api/admin/logs?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')), page: String(page) })}`;
/** Logs, second view: the mails that did not leave, and sending one again. */
export const mailFailuresPath = (page: number) => `/api/admin/mail-failures?page=${page}`;
export const mailRetryPath = (mailId: number) => `/api/admin/mail-failures/${mailId}/retry`;
/** Utilisateurs (category 2): the search and role filter left empty are not sent. */
export const usersPath = (q: string, role: string, page: number) =>
  `/api/admin/users?${new URLSearchParams({ ...(q ? { q } : {}), ...(role ? { role } : {}), page: String(page) })}`;
export const userPath = (userId: number) => `/api/admin/users/${userId}`;
export const userRolePath = (userId: number) => `/api/admin/users/${userId}/role`;
export const userAdminPasswordPath = (userId: number) => `/api/admin/users/${userId}/admin-password`;
