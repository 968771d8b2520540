import { Anchor, Badge, Button, Group, Paper, Rating, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  moderationKinds,
  moderationStatuses,
  moderationStatusLabels,
  type ModerationItem,
  type ModerationKind,
  type ModerationStatus,
} from '../../../shared/schemas/moderation.js';
import { routes } from '../../routes';
import { trpc } from '../../trpc';
import { ListFooter } from '../../ui/ListFooter';
import { ShopImage } from '../../ui/ShopImage';
import { toastSuccess } from '../../ui/toast';
import { usePaging } from '../../ui/use-paging';
import { useTitle } from '../../ui/use-title';
import { formatDateTime, useQueryFilter } from './filters';
import { ModerationReviewDetails } from './ModerationReviewDetails';
import { RejectDialog } from './RejectDialog';

const PAGE_SIZE = 20;
const kindLabels: Record<ModerationKind, string> = { review: 'Отзыв', question: 'Вопрос' };
// Filled and dark enough for WCAG AA contrast; the yellow one takes dark text (autoContrast).
const statusColors: Record<ModerationStatus, string> = { pending: 'yellow.4', approved: 'green.9', rejected: 'red.9' };
const isStatus = (value: string): value is ModerationStatus => (moderationStatuses as readonly string[]).includes(value);
const isKind = (value: string): value is ModerationKind => (moderationKinds as readonly string[]).includes(value);

function ModerationCard({ item, busy, onApprove, onReject }: { item: ModerationItem; busy: boolean; onApprove: () => void; onReject: () => void }) {
  const name = `${kindLabels[item.kind]} ${item.id}`;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={name}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Group gap="xs">
              <Badge variant="light" color="gray">
                {kindLabels[item.kind]}
              </Badge>
              <Badge variant="filled" autoContrast color={statusColors[item.moderationStatus]}>
                {moderationStatusLabels[item.moderationStatus]}
              </Badge>
              <Text size="sm" c="dimmed">
                №{item.id} · {formatDateTime(item.createdAt)} · {item.author.name} (ID {item.author.id})
              </Text>
            </Group>
            <Anchor component={Link} to={routes.product(item.product.url)} size="sm" target="_blank">
              {item.product.name}
            </Anchor>
            {item.rating !== null && <Rating value={item.rating} readOnly role="img" size="xs" aria-label={`Оценка ${item.rating} из 5`} />}
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{item.text}</Text>
            <ModerationReviewDetails item={item} />
            {item.images.length > 0 && (
              <Group gap="xs">
                {item.images.map((image, index) => (
                  <ShopImage key={image} name={image} alt={`Фото ${index + 1} к отзыву ${item.id}`} w={64} h={64} fit="cover" radius="sm" sizes="64px" />
                ))}
              </Group>
            )}
            {item.moderatedBy && item.moderatedAt && (
              <Text size="xs" c="dimmed">
                {item.moderationStatus === 'rejected' ? `Отклонил: ${item.moderatedBy.name}, причина: ${item.moderationReason ?? ''}` : `Проверил: ${item.moderatedBy.name}`} · {formatDateTime(item.moderatedAt)}
              </Text>
            )}
          </Stack>
          <Stack gap="xs">
            {item.moderationStatus !== 'approved' && (
              <Button size="xs" color="green" loading={busy} onClick={onApprove} aria-label={`Одобрить: ${name}`}>
                Одобрить
              </Button>
            )}
            {item.moderationStatus !== 'rejected' && (
              <Button size="xs" color="red" variant="light" onClick={onReject} aria-label={`${item.moderationStatus === 'approved' ? 'Скрыть' : 'Отклонить'}: ${name}`}>
                {item.moderationStatus === 'approved' ? 'Скрыть' : 'Отклонить'}
              </Button>
            )}
          </Stack>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /admin/moderation: reviews (with photos) and questions waiting for a decision first; approve, reject with a reason, hide. */
export function AdminModerationPage() {
  useTitle('Модерация');
  const paging = usePaging(PAGE_SIZE);
  const [status, setStatus] = useQueryFilter('status');
  const [kind, setKind] = useQueryFilter('kind');
  const [rejecting, setRejecting] = useState<ModerationItem | null>(null);
  const utils = trpc.useUtils();
  const list = trpc.moderation.queue.useQuery(
    { limit: paging.limit, offset: paging.offset, ...(isStatus(status) ? { status } : {}), ...(isKind(kind) ? { kind } : {}) },
    { placeholderData: keepPreviousData },
  );
  const refresh = () => {
    void utils.moderation.invalidate();
    void utils.adminCounts.invalidate();
    void utils.reviews.invalidate();
  };
  const done = (message: string) => () => {
    toastSuccess(message);
    refresh();
  };
  const approveReview = trpc.moderation.reviews.approve.useMutation({ onSuccess: done('Отзыв одобрен и опубликован') });
  const approveQuestion = trpc.moderation.questions.approve.useMutation({ onSuccess: done('Вопрос одобрен и опубликован') });
  const rejectReview = trpc.moderation.reviews.reject.useMutation({ onSuccess: done('Отзыв отклонён') });
  const rejectQuestion = trpc.moderation.questions.reject.useMutation({ onSuccess: done('Вопрос отклонён') });
  const rows = list.data?.rows ?? [];

  return (
    <Stack>
      <Title order={2}>Модерация</Title>
      <Group gap="sm" align="flex-end">
        <Select
          label="Статус"
          data={[{ value: '', label: 'Все (ожидающие первыми)' }, ...moderationStatuses.map((value) => ({ value, label: moderationStatusLabels[value] }))]}
          value={status}
          onChange={(value) => setStatus(value)}
          w={240}
        />
        <Select
          label="Что"
          data={[{ value: '', label: 'Отзывы и вопросы' }, { value: 'review', label: 'Отзывы' }, { value: 'question', label: 'Вопросы' }]}
          value={kind}
          onChange={(value) => setKind(value)}
          w={200}
        />
      </Group>
      {rows.map((item) => (
        <ModerationCard
          key={`${item.kind}:${item.id}`}
          item={item}
          busy={approveReview.isPending || approveQuestion.isPending}
          onApprove={() => (item.kind === 'review' ? approveReview : approveQuestion).mutate({ id: item.id })}
          onReject={() => setRejecting(item)}
        />
      ))}
      <ListFooter paging={paging} total={list.data?.length} loading={list.isLoading} shownRows={rows.length} emptyText="Нечего проверять" />
      <RejectDialog
        subject={rejecting ? `${rejecting.kind === 'review' ? 'отзыв' : 'вопрос'} ${rejecting.id}` : null}
        saving={rejectReview.isPending || rejectQuestion.isPending}
        onClose={() => setRejecting(null)}
        onReject={(reason) => {
          if (!rejecting) return;
          (rejecting.kind === 'review' ? rejectReview : rejectQuestion).mutate({ id: rejecting.id, reason }, { onSuccess: () => setRejecting(null) });
        }}
      />
    </Stack>
  );
}
