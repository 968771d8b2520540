import { sql, type RawBuilder } from 'kysely';
import type { CommentKind } from './comments.js';
import { countOf, myReaction, publicName, type CommentJson } from './list-parts.js';
import type { ReactionTarget } from './reactions.js';

/**
 * The reaction columns every listed item carries (a review, a question, a comment): its likes,
 * its dislikes and the caller's own reaction.
 */
export function reactionColumns(target: ReactionTarget, targetRef: string, callerId: number) {
  return [countOf(target, targetRef, 'Like').as('likes'), countOf(target, targetRef, 'Dislike').as('dislikes'), myReaction(target, targetRef, callerId).as('myReaction')] as const;
}

/**
 * The comment thread under a review or a question, as a JSON array subquery of the list
 * statement: each comment with its author's public name and reactions, the shop's answers first,
 * then oldest first.
 */
export function commentThread(kind: CommentKind, parentRef: string, callerId: number): RawBuilder<CommentJson[]> {
  return sql<CommentJson[]>`(select coalesce(json_agg(agg), '[]') from (
    select c.id, c.user_id, ${publicName('cu')} as author_name, c.text, c.is_shop, c.created_at, c.updated_at,
           ${countOf(kind.reactions, 'c.id', 'Like')} as likes, ${countOf(kind.reactions, 'c.id', 'Dislike')} as dislikes,
           ${myReaction(kind.reactions, 'c.id', callerId)} as my_reaction
      from ${sql.table(kind.table)} c join users cu on cu.id = c.user_id
     where c.${sql.ref(kind.parentColumn)} = ${sql.ref(parentRef)}
     order by c.is_shop desc, c.created_at, c.id) as agg)`;
}
