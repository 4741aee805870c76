// A rating's comment is published only once staff approve it (issue 17: no invented or unchecked
// reviews). A rating without a comment has no status: it counts in the average at once.

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** The longest comment a customer may leave with a rating (characters, after trimming). */
export const REVIEW_COMMENT_MAX = 500;
