import type { OrderLineDto } from '../../../shared/schemas/checkout';

/** An order line as the customer reads it: the product, with the system or game version chosen (« VPS Linux · Ubuntu 24.04 »). */
export function orderLineName(line: Pick<OrderLineDto, 'name' | 'os' | 'variant'>): string {
  const choice = line.os?.name ?? line.variant?.name;
  return choice ? `${line.name} · ${choice}` : line.name;
}
