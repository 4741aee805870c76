import { z } from 'zod';
import { CURRENCIES } from '../../../../shared/constants';

// The test payment page's query (spec §2): userId, amount in cents, items (the cart lines as
// encoded JSON) and orderId. It comes from a link anyone can edit, so everything is checked.

type Specs = Record<string, string | number>;

function toSpecs(value: unknown): Specs {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const specs: Specs = {};
  for (const [key, spec] of Object.entries(value)) {
    if (typeof spec === 'string' || typeof spec === 'number') specs[key] = spec;
  }
  return specs;
}

/** config_products is a JSON string in the cart, an object in a product; unreadable means no specs. */
const specsSchema = z.unknown().transform((value): Specs => {
  if (typeof value !== 'string') return toSpecs(value);
  try {
    return toSpecs(JSON.parse(value));
  } catch {
    return {};
  }
});

const cents = z.number().int().min(0);

const testLineSchema = z.object({
  productId: z.number().int().positive(),
  name: z.string().min(1),
  price_cents: cents,
  currency: z.enum(CURRENCIES).default('EUR'),
  qty: z.number().int().min(1),
  image_url: z.string().nullish(),
  config_products: specsSchema,
  support_cents: cents.optional(),
  margin_cents: cents.optional(),
});
export type TestLine = z.infer<typeof testLineSchema>;

export interface PaymentTestQuery {
  userId: number;
  amountCents: number;
  orderId: number;
  lines: TestLine[];
}

const wholeNumber = (raw: string | null, min: number) =>
  raw !== null && /^\d{1,12}$/.test(raw) && Number(raw) >= min ? Number(raw) : null;

/** The query read, or null when a part is missing or unreadable. */
export function readPaymentTestQuery(params: URLSearchParams): PaymentTestQuery | null {
  const userId = wholeNumber(params.get('userId'), 1);
  const amountCents = wholeNumber(params.get('amount'), 0);
  const orderId = wholeNumber(params.get('orderId'), 1);
  const lines = z
    .array(testLineSchema)
    .min(1)
    .safeParse(parseItems(params.get('items')));
  if (userId === null || amountCents === null || orderId === null || !lines.success) return null;
  return { userId, amountCents, orderId, lines: lines.data };
}

/** The router has decoded the query once; a link encoded twice still reads. */
function parseItems(raw: string | null): unknown {
  if (!raw) return undefined;
  for (const text of [raw, safeDecode(raw)]) {
    try {
      return JSON.parse(text);
    } catch {
      // try the next reading
    }
  }
  return undefined;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
