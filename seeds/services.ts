import type { Knex } from 'knex';
import { gameServerSettingsFor, pterodactylSettingsSchema, type GameVariant } from '../shared/schemas/delivery-settings';
import { createSandboxGamePanel } from '../server/providers/game-panel/sandbox';
import { createSandboxBackups } from '../server/providers/game-panel/client-api/backups-sandbox';
import { DEMO_CLIENT_EMAIL } from './accounts';
import { SEED_ORDER_UUIDS } from './customer-history';
import { lookup } from './lookup';

// The services of the seeded orders (issue 31): the demo client owns an active VPS and an active
// Minecraft server (made on the sandbox panel, so its address is real there); Lucas's Minecraft
// order shows the back-office a delivery that failed and waits for staff; the orders agents
// deliver by hand have their service waiting for them. Only inserted when an order has none.

const DAY = 86_400_000;

interface SeededOrder {
  id: number;
  uuid: string;
  user_id: number;
  paid_at: Date | null;
  delivered_at: Date | null;
  line_id: number;
  product_id: number;
  product_name: string;
  service_kind: 'vps' | 'game';
  delivery: 'manual' | 'inventory' | 'ovh_order' | 'pterodactyl';
  delivery_config: Record<string, unknown>;
  variants: (GameVariant & { id: string })[];
  os_choices: { id: string; name: string }[];
}

export async function seedServices(db: Knex, users: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const orders: SeededOrder[] = await db('orders')
    .join('order_lines', 'order_lines.order_id', 'orders.id')
    .join('products', 'products.id', 'order_lines.product_id')
    .whereIn('orders.uuid', Object.values(SEED_ORDER_UUIDS))
    .whereNull('orders.renewal_of_order_id')
    .whereNotNull('orders.paid_at')
    .whereNotExists(db('services').whereRaw('services.order_id = orders.id').select(db.raw('1')))
    .select(
      'orders.id',
      'orders.uuid',
      'orders.user_id',
      'orders.paid_at',
      'orders.delivered_at',
      'order_lines.id as line_id',
      'products.id as product_id',
      'products.name as product_name',
      'products.service_kind',
      'products.delivery',
      'products.delivery_config',
      'products.variants',
      'products.os_choices',
    );
  const demoClient = lookup(users, DEMO_CLIENT_EMAIL.toLowerCase(), 'user');
  const panel = createSandboxGamePanel(db, { installMs: 0, now: () => now });
  for (const order of orders) {
    const base = {
      user_id: order.user_id,
      order_id: order.id,
      order_line_id: order.line_id,
      unit: 1,
      product_id: order.product_id,
      kind: order.service_kind,
      created_at: order.paid_at!,
      updated_at: now,
    };
    if (order.uuid === SEED_ORDER_UUIDS.clientPaid) {
      const vps: { id: number; expires_at: Date; assigned_at: Date; os: string } | undefined = await db('vps')
        .where({ order_id: order.id })
        .first('id', 'expires_at', 'assigned_at', 'os');
      if (!vps) continue;
      const os = order.os_choices.find((c) => c.name === vps.os)?.id ?? null;
      await db('services').insert({
        ...base,
        delivery: 'manual',
        status: 'active',
        vps_id: vps.id,
        os,
        delivered_at: vps.assigned_at,
        expires_at: vps.expires_at,
      });
    } else if (order.uuid === SEED_ORDER_UUIDS.clientGame && order.user_id === demoClient) {
      const [service] = await db('services')
        .insert({ ...base, delivery: order.delivery, status: 'provisioning', variant: order.variants[0]?.id ?? null })
        .returning('id');
      await deliverDemoGameServer(db, panel, { order, serviceId: (service as { id: number }).id, now });
    } else if (order.uuid === SEED_ORDER_UUIDS.lucasPending) {
      const [service] = await db('services')
        .insert({
          ...base,
          delivery: order.delivery,
          status: 'needs_staff',
          variant: order.variants[0]?.id ?? null,
          attempts: 3,
          last_error: 'connect ETIMEDOUT gra1.play.example:443 (panel unreachable)',
        })
        .returning('id');
      const serviceId = (service as { id: number }).id;
      const at = (minutes: number) => new Date(order.paid_at!.getTime() + minutes * 60_000);
      await db('service_delivery_attempts').insert([
        { service_id: serviceId, step: 'pterodactyl', outcome: 'failed', detail: 'connect ETIMEDOUT gra1.play.example:443', at: at(0) },
        { service_id: serviceId, step: 'pterodactyl', outcome: 'failed', detail: 'connect ETIMEDOUT gra1.play.example:443', at: at(1) },
        { service_id: serviceId, step: 'hand_over', outcome: 'gave_up', detail: 'not delivered in time', at: at(10) },
      ]);
    } else if (!order.delivered_at) {
      // Paid before delivery ran on its own: an agent delivers it, as the spec's workflow does.
      await db('services').insert({ ...base, delivery: 'manual', status: 'needs_staff' });
    }
  }
}

/** The demo client's Minecraft server, made on the sandbox panel as a delivery would make it. */
async function deliverDemoGameServer(
  db: Knex,
  panel: ReturnType<typeof createSandboxGamePanel>,
  input: { order: SeededOrder; serviceId: number; now: Date },
): Promise<void> {
  const { order, serviceId, now } = input;
  const parsed = pterodactylSettingsSchema.safeParse(order.delivery_config);
  if (!parsed.success) return;
  const settings = { ...parsed.data, ...gameServerSettingsFor(parsed.data, order.variants[0] ?? null) };
  const owner: { id: number; email: string } = await db('users').where({ id: order.user_id }).first('id', 'email');
  const user = await panel.findOrCreateUser({
    externalId: String(owner.id),
    email: owner.email,
    username: `client${owner.id}`,
    firstName: 'Client',
    lastName: 'Démo',
  });
  const server =
    (await panel.findServerByExternalId(String(serviceId))) ??
    (await panel.createServer({
      externalId: String(serviceId),
      name: `${order.product_name} #${serviceId}`,
      userId: user.id,
      egg: settings.egg,
      dockerImage: settings.dockerImage,
      startup: settings.startup,
      environment: settings.environment,
      limits: settings.limits,
      featureLimits: settings.featureLimits,
      deploy: settings.tags.length
        ? { tags: settings.tags, portRange: settings.portRange }
        : { locations: settings.locations, portRange: settings.portRange },
    }));
  // As a delivery does: an offer with backups gets its nightly backup schedule.
  if (settings.featureLimits.backups >= 1) await createSandboxBackups(db).ensureDailySchedule(server.identifier);
  const deliveredAt = order.paid_at!;
  await db('services')
    .where({ id: serviceId })
    .update({
      status: 'active',
      panel_server_id: server.id,
      panel_identifier: server.identifier,
      host: server.allocation?.host ?? null,
      port: server.allocation?.port ?? null,
      delivered_at: deliveredAt,
      expires_at: new Date(deliveredAt.getTime() + 30 * DAY),
      updated_at: now,
    });
}
