import { Grid } from '@mantine/core';
import { QuestionsSection } from './QuestionsSection';
import { ReviewsSection } from './ReviewsSection';

/** The product page's reviews and questions: a lazy chunk of its own, loaded after the product. */
export default function ProductFeedback({ productId, productName }: { productId: number; productName: string }) {
  return (
    <Grid gap={{ base: 'md', md: 'xl' }}>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <ReviewsSection productId={productId} productName={productName} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <QuestionsSection productId={productId} />
      </Grid.Col>
    </Grid>
  );
}
