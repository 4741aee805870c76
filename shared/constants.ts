// Business constants both sides rely on (spec §4, §9; DESIGN.md §3).
export const ROLES = ['customer', 'support', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const USER_TYPES = ['particulier', 'business'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const CURRENCIES = ['EUR', 'USD', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_COUNTRY = 'BE';

export const ORDER_STATUSES = ['unpaid', 'pending', 'in_progress', 'paid', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Why a cancelled order was cancelled, when the customer is shown it. */
export const ORDER_CANCEL_REASONS = ['reservation_expired', 'refunded', 'cancelled_by_customer'] as const;
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number];

/** Where the money of an order refunded in full went: the customer's wallet, or back through the provider that took it. */
export const REFUND_DESTINATIONS = ['wallet', 'stripe', 'paypal', 'mollie'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];

export const PAYMENT_METHODS = ['card', 'paypal', 'mollie', 'bank_transfer', 'wallet'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const OS_FAMILIES = ['linux', 'windows'] as const;
export type OsFamily = (typeof OS_FAMILIES)[number];

export const VPS_STATES = ['available', 'provisioning', 'assigned', 'suspended', 'deleted'] as const;
// 'answered': a staff member replied (back-office Support); the ticket waits on the customer or a close.
export const TICKET_STATUSES = ['open', 'in_progress', 'answered', 'closed'] as const;
export const WALLET_TRANSACTION_TYPES = ['credit', 'debit', 'refund', 'adjustment'] as const;
export const ONE_TIME_TOKEN_PURPOSES = ['verify_email', 'reset_password', 'staff_second_factor_enrolment'] as const;
/** A customer's login session, or the back-office's staff session opened under one. */
export const SESSION_KINDS = ['login', 'staff'] as const;
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

export const DEFAULT_CATEGORY_NAME = 'Autre';
export const DEFAULT_SUBCATEGORY_NAME = 'Sans sous-catégorie';
export const DEFAULT_TAX_RATE = 21;

/** What a service is (DESIGN.md §7): a virtual machine, or a game server on the panel. */
export const SERVICE_KINDS = ['vps', 'game'] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];
/** A service's own life beside its order's; `needs_staff`: automatic delivery failed or is not possible. */
export const SERVICE_STATUSES = ['provisioning', 'active', 'needs_staff', 'suspended', 'terminated'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
/** How a product is delivered: by an agent, from the VPS inventory, ordered at OVH, or on the game panel. */
export const DELIVERY_MODES = ['manual', 'inventory', 'ovh_order', 'pterodactyl'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
