import { RatingsBlock } from './ratings-block';
import { ReviewsList } from './reviews-list';
import { usePublishedReviews } from './use-reviews';

/** The home's and Hosting's ratings section: the average and the form, then the published comments. */
export function CustomerReviews() {
  const reviews = usePublishedReviews();
  return (
    <>
      <RatingsBlock />
      <ReviewsList reviews={reviews} />
    </>
  );
}
