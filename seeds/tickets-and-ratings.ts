import type { Language } from '../shared/i18n/languages';
import type { Knex } from 'knex';
import {
  CUSTOMER_EMMA_EMAIL,
  CUSTOMER_LUCAS_EMAIL,
  CUSTOMER_PIXELFORGE_EMAIL,
  CUSTOMER_SOPHIE_EMAIL,
  DEMO_ADMIN_EMAIL,
  DEMO_CLIENT_EMAIL,
  DEMO_SUPPORT_EMAIL,
} from './accounts';
import { lookup } from './lookup';

const HOUR = 3_600_000;

interface TicketSeed {
  /** Account that wrote it; null for a visitor using the contact form. */
  account: string | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: 'open' | 'in_progress' | 'closed';
  assignedTo: string | null;
  hoursAgo: number;
}

const TICKET_SEEDS: readonly TicketSeed[] = [
  {
    account: DEMO_CLIENT_EMAIL,
    name: 'Camille Dubois',
    email: DEMO_CLIENT_EMAIL,
    subject: 'Question sur ma facture de renouvellement',
    message:
      'Bonjour, j’ai reçu la facture de renouvellement de mon VPS Linux NVMe Pro. Puis-je la régler avec le solde de mon portefeuille ? Merci d’avance.',
    status: 'open',
    assignedTo: null,
    hoursAgo: 6,
  },
  {
    account: DEMO_CLIENT_EMAIL,
    name: 'Camille Dubois',
    email: DEMO_CLIENT_EMAIL,
    subject: 'Connexion SSH refusée après la livraison',
    message:
      'Bonjour, je n’arrive pas à me connecter en SSH avec le mot de passe affiché dans mon espace client. Pouvez-vous vérifier ? Cordialement.',
    status: 'closed',
    assignedTo: DEMO_SUPPORT_EMAIL,
    hoursAgo: 18 * 24,
  },
  {
    account: CUSTOMER_SOPHIE_EMAIL,
    name: 'Sophie Lambert',
    email: CUSTOMER_SOPHIE_EMAIL,
    subject: 'Délai de mise en service de mon serveur FiveM',
    message:
      'Bonjour, j’ai payé hier mon serveur FiveM RP Starter. Savez-vous quand il sera prêt ? Je voudrais ouvrir le serveur ce week-end.',
    status: 'in_progress',
    assignedTo: DEMO_SUPPORT_EMAIL,
    hoursAgo: 20,
  },
  {
    account: null,
    name: 'Julien Moreau',
    email: 'julien.moreau@example.net',
    subject: 'Quelle offre pour un serveur Garry’s Mod de 40 joueurs ?',
    message:
      'Bonjour, je prépare un serveur DarkRP pour environ 40 joueurs avec beaucoup d’addons. Quelle offre me conseillez-vous ? Merci.',
    status: 'open',
    assignedTo: null,
    hoursAgo: 3,
  },
];

interface RatingSeed {
  email: string;
  rating: number;
  hoursAgo: number;
  /** What the customer wrote with the stars, and what staff decided (issue 17: published once approved). */
  comment?: { text: string; status: 'pending' | 'approved'; moderatedHoursAgo?: number; language?: Language };
}

/**
 * Ratings from demo customers only (spec §1: one per customer), written after what they did in the
 * demo: those with a comment paid an order shortly before (seeds/customer-history.ts), so their
 * published comment shows "client vérifié". The demo client (client@demo.test) has not rated, so
 * the form, comment and moderation can be tried with that account.
 */
const RATING_SEEDS: readonly RatingSeed[] = [
  {
    email: CUSTOMER_LUCAS_EMAIL,
    rating: 5,
    hoursAgo: 1.5,
    comment: {
      text: 'Commande de mon serveur Minecraft en deux minutes, paiement par carte sans souci et facture reçue aussitôt.',
      status: 'approved',
      moderatedHoursAgo: 1,
    },
  },
  {
    email: CUSTOMER_SOPHIE_EMAIL,
    rating: 4,
    hoursAgo: 16,
    comment: {
      text: 'Réponse rapide et claire du support sur le délai de mise en service de mon serveur FiveM. On m’a tenue au courant.',
      status: 'approved',
      moderatedHoursAgo: 14,
    },
  },
  {
    email: CUSTOMER_PIXELFORGE_EMAIL,
    rating: 4,
    hoursAgo: 3,
    comment: { text: 'Facture à notre numéro de TVA dès le paiement, parfait pour notre comptabilité.', status: 'pending' },
  },
  { email: CUSTOMER_EMMA_EMAIL, rating: 3, hoursAgo: 9 * 24 },
];

export async function seedTicketsAndRatings(db: Knex, users: ReadonlyMap<string, number>, now: Date): Promise<void> {
  const userId = (email: string) => lookup(users, email.toLowerCase(), 'user');
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

  // Tickets are keyed by (lower(email), subject); a ticket already there keeps the status staff gave it.
  for (const ticket of TICKET_SEEDS) {
    const found = await db('support_tickets')
      .first('id')
      .whereRaw('lower(email) = lower(?)', [ticket.email])
      .andWhere({ subject: ticket.subject });
    if (found) continue;
    await db('support_tickets').insert({
      user_id: ticket.account ? userId(ticket.account) : null,
      name: ticket.name,
      email: ticket.email,
      subject: ticket.subject,
      message: ticket.message,
      status: ticket.status,
      assigned_to: ticket.assignedTo ? userId(ticket.assignedTo) : null,
      created_at: at(ticket.hoursAgo),
      updated_at: at(ticket.status === 'open' ? ticket.hoursAgo : ticket.hoursAgo - 1),
    });
  }

  // One rating per user (unique user_id); a customer who changed theirs keeps it.
  await db('ratings')
    .insert(
      RATING_SEEDS.map((r) => {
        const moderated = r.comment?.moderatedHoursAgo;
        return {
          user_id: userId(r.email),
          rating: r.rating,
          comment: r.comment?.text ?? null,
          comment_status: r.comment?.status ?? null,
          // French unless the seed says otherwise; a page in another language says so (issue 34).
          comment_language: r.comment ? (r.comment.language ?? 'fr') : null,
          moderated_by: moderated === undefined ? null : userId(DEMO_ADMIN_EMAIL),
          moderated_at: moderated === undefined ? null : at(moderated),
          created_at: at(r.hoursAgo),
          updated_at: at(moderated ?? r.hoursAgo),
        };
      }),
    )
    .onConflict('user_id')
    .ignore();
}
