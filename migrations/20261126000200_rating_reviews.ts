import type { Knex } from 'knex';
import { REVIEW_COMMENT_MAX, REVIEW_STATUSES } from '../shared/ratings/review-status';
import { checkIn } from '../server/db/schema-helpers';

// A rating may carry a short comment (issue 17). The comment waits for staff: it is shown publicly
// only once approved, and who moderated it and when is kept. A rating without a comment has no
// status at all, so the database holds "comment <=> status" as one rule.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('ratings', (t) => {
    t.text('comment');
    t.text('comment_status');
    t.integer('moderated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('moderated_at', { useTz: true });
  });
  await knex.raw(checkIn('ratings', 'comment_status', REVIEW_STATUSES));
  await knex.raw(
    `ALTER TABLE ratings ADD CONSTRAINT ratings_comment_length CHECK (comment IS NULL OR char_length(comment) BETWEEN 1 AND ${REVIEW_COMMENT_MAX})`,
  );
  await knex.raw('ALTER TABLE ratings ADD CONSTRAINT ratings_comment_has_status CHECK ((comment IS NULL) = (comment_status IS NULL))');
  // The public list (approved, newest first) and the staff queue (pending, oldest first) read by status.
  await knex.raw('CREATE INDEX ratings_comment_status_idx ON ratings (comment_status, created_at) WHERE comment_status IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  // Their checks and the index go with the columns.
  await knex.schema.alterTable('ratings', (t) => {
    t.dropColumns('comment', 'comment_status', 'moderated_by', 'moderated_at');
  });
}
