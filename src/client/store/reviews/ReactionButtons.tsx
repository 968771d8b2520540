import { Button, Group } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactionResult, ReactionValue } from '../../../shared/schemas/reviews.js';
import { useAuth } from '../../accounts/AuthProvider';
import { useDisplayFlags } from '../../ui/display-flags';

interface Counts {
  likes: number;
  dislikes: number;
  mine: ReactionValue | null;
}

interface ReactionButtonsProps {
  likes: number;
  dislikes: number;
  myReaction: { reaction: ReactionValue } | null;
  /** Sends the reaction; the answer replaces the optimistic counts, a failure restores the old ones. */
  onReact: (value: ReactionValue) => Promise<ReactionResult>;
  label: string;
}

/** What a click shows at once: the same value again removes it, the other one switches. */
function predicted(current: Counts, value: ReactionValue): Counts {
  const next = { ...current };
  if (current.mine === 'Like') next.likes -= 1;
  if (current.mine === 'Dislike') next.dislikes -= 1;
  if (current.mine === value) return { ...next, mine: null };
  if (value === 'Like') next.likes += 1;
  else next.dislikes += 1;
  return { ...next, mine: value };
}

/** Like and Dislike of a review, question or comment: updated at once, rolled back on failure. */
export function ReactionButtons({ likes, dislikes, myReaction, onReact, label }: ReactionButtonsProps) {
  const { user } = useAuth();
  const flags = useDisplayFlags();
  const fromServer: Counts = { likes, dislikes, mine: myReaction?.reaction ?? null };
  const basis = `${likes}/${dislikes}/${fromServer.mine ?? ''}`;
  // What this button shows until newer data arrives from the list (then that data wins).
  const [local, setLocal] = useState<{ basis: string; counts: Counts } | null>(null);
  const counts = local?.basis === basis ? local.counts : fromServer;
  const setCounts = (next: Counts) => setLocal({ basis, counts: next });

  const react = (value: ReactionValue) => {
    if (!user) {
      flags.show('authForm');
      return;
    }
    const before = counts;
    setCounts(predicted(before, value));
    onReact(value).then(
      (result) => setCounts({ likes: result.likes, dislikes: result.dislikes, mine: result.reaction?.reaction ?? null }),
      () => setCounts(before),
    );
  };

  return (
    <Group gap={4}>
      <Button
        size="compact-sm"
        variant={counts.mine === 'Like' ? 'light' : 'subtle'}
        color={counts.mine === 'Like' ? 'green' : 'gray'}
        leftSection={<IconThumbUp size={16} />}
        aria-pressed={counts.mine === 'Like'}
        aria-label={`Полезно: ${label}, ${counts.likes}`}
        onClick={() => react('Like')}
      >
        {counts.likes}
      </Button>
      <Button
        size="compact-sm"
        variant={counts.mine === 'Dislike' ? 'light' : 'subtle'}
        color={counts.mine === 'Dislike' ? 'red' : 'gray'}
        leftSection={<IconThumbDown size={16} />}
        aria-pressed={counts.mine === 'Dislike'}
        aria-label={`Бесполезно: ${label}, ${counts.dislikes}`}
        onClick={() => react('Dislike')}
      >
        {counts.dislikes}
      </Button>
    </Group>
  );
}
