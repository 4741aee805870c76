/** The back-office's deliveries waiting for staff, in the query cache. */
export const deliveriesKeys = {
  all: ['staff', 'deliveries'] as const,
};
