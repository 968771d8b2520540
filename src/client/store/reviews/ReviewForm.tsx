import { ActionIcon, Alert, Box, Button, Group, Input, Modal, Rating, Stack, Text, Textarea } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { maxPhotosPerReview, reviewTextBounds, reviewTextSchema, type Review } from '../../../shared/schemas/reviews.js';
import { UploadZone } from '../../media/UploadZone';
import { useImageUpload } from '../../media/upload';
import { useAuth } from '../../accounts/AuthProvider';
import { httpStatusOf, trpc } from '../../trpc';
import { ShopImage } from '../../ui/ShopImage';
import { toastError, toastSuccess } from '../../ui/toast';
import { ReviewRichFields, type RichValues } from './ReviewRichFields';

interface ReviewFormProps {
  productId: number;
  productName: string;
  /** The product has sizes: the form asks how the size fits. */
  sized: boolean;
  /** The shopper's own review to edit; null writes a new one. */
  existing: Review | null;
  onClose: () => void;
}

function richOf(review: Review | null): RichValues {
  return { pros: review?.pros ?? '', cons: review?.cons ?? '', sizeFit: review?.sizeFit ?? null };
}

/** Writing or editing a review: stars, text, pros and cons, size fit (sized goods), up to 10 photos uploaded with a progress bar. */
export default function ReviewForm({ productId, productName, sized, existing: initial, onClose }: ReviewFormProps) {
  const { user } = useAuth();
  const utils = trpc.useUtils();
  const [existing, setExisting] = useState(initial);
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.text ?? '');
  const [images, setImages] = useState<string[]>(initial?.images ?? []);
  const [rich, setRich] = useState<RichValues>(richOf(initial));
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const [duplicate, setDuplicate] = useState(false);
  const { upload, progress } = useImageUpload();
  const create = trpc.reviews.reviews.create.useMutation({ meta: { silent: true } });
  const update = trpc.reviews.reviews.update.useMutation();

  const done = async (saved: { moderationStatus: string }) => {
    await utils.reviews.reviews.invalidate();
    void utils.catalogue.products.invalidate();
    toastSuccess('Спасибо за отзыв!', saved.moderationStatus === 'pending' ? 'Он появится после проверки модератором.' : undefined);
    onClose();
  };

  const editMine = async () => {
    if (!user) return;
    const mine = await utils.reviews.reviews.list.fetch({ productId, userId: user.id, limit: 1 });
    const review = mine.rows[0];
    if (!review) return;
    setExisting(review);
    setRating(review.rating);
    setText(review.text);
    setImages(review.images);
    setRich(richOf(review));
    setDuplicate(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = reviewTextSchema.safeParse(text);
    const found = { ...(rating ? {} : { rating: 'Поставьте оценку' }), ...(checked.success ? {} : { text: checked.error.issues[0]?.message ?? 'Проверьте текст' }) };
    setErrors(found);
    if (found.rating || found.text) return;
    try {
      const details = { pros: rich.pros, cons: rich.cons, ...(sized ? { sizeFit: rich.sizeFit } : {}) };
      const saved = existing
        ? await update.mutateAsync({ reviewId: existing.id, rating, text, images, ...details })
        : await create.mutateAsync({ productId, rating, text, images, ...details });
      await done(saved);
    } catch (error) {
      if (!existing && httpStatusOf(error) === 409) setDuplicate(true);
      else if (!existing) toastError(error);
    }
  };

  const addFiles = async (files: File[]) => {
    const room = maxPhotosPerReview - images.length;
    if (room <= 0) return;
    const names = await upload(files.slice(0, room));
    if (names) setImages((current) => [...current, ...names].slice(0, maxPhotosPerReview));
  };

  return (
    <Modal opened onClose={onClose} title={existing ? 'Изменить отзыв' : `Отзыв о товаре «${productName}»`} size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {duplicate && (
            <Alert color="orange" title="Вы уже оставили отзыв на этот товар">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">На один товар можно написать один отзыв, но его можно изменить.</Text>
                <Button size="xs" onClick={() => void editMine()}>
                  Изменить мой отзыв
                </Button>
              </Stack>
            </Alert>
          )}
          <Input.Wrapper label="Оценка" labelElement="div" required error={errors.rating}>
            <Rating value={rating} onChange={setRating} size="lg" getSymbolLabel={(value) => `Оценка ${value} из 5`} />
          </Input.Wrapper>
          <Textarea
            label="Отзыв"
            required
            autosize
            minRows={4}
            maxLength={reviewTextBounds.max}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={errors.text}
            description={`${text.length} из ${reviewTextBounds.max}`}
          />
          <ReviewRichFields values={rich} onChange={setRich} sized={sized} />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Фотографии ({images.length} из {maxPhotosPerReview})
            </Text>
            {images.length > 0 && (
              <Group gap="xs">
                {images.map((name, index) => (
                  <Box key={name} pos="relative">
                    <ShopImage name={name} alt={`Фото ${index + 1}`} w={72} h={72} fit="cover" radius="sm" sizes="72px" />
                    <ActionIcon
                      size="sm"
                      color="dark"
                      variant="filled"
                      pos="absolute"
                      top={2}
                      right={2}
                      aria-label={`Убрать фото ${index + 1}`}
                      onClick={() => setImages((current) => current.filter((item) => item !== name))}
                    >
                      <IconX size={14} />
                    </ActionIcon>
                  </Box>
                ))}
              </Group>
            )}
            {images.length < maxPhotosPerReview && <UploadZone onFiles={(files) => void addFiles(files)} progress={progress} compact />}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} disabled={progress !== null}>
              {existing ? 'Сохранить' : 'Отправить отзыв'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
