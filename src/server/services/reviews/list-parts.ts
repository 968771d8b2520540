import { sql, type RawBuilder } from 'kysely';
import type { Comment, ReactionValue } from '../../../shared/schemas/reviews.js';
import type { ReactionTarget } from './reactions.js';

/**
 * Pieces shared by the review and question lists, each a subquery of the one list statement: an
 * author's public name, a target's reaction counts and the caller's own reaction.
 */

/** «Анна П.»: first name and the initial of the last name; the e-mail is never shown. */
export function publicName(usersAlias: string): RawBuilder<string> {
  return sql<string>`(${sql.ref(`${usersAlias}.firstName`)} || ' ' || left(${sql.ref(`${usersAlias}.lastName`)}, 1) || '.')`;
}

export function countOf(target: ReactionTarget, targetRef: string, value: ReactionValue): RawBuilder<number> {
  return sql<number>`(select count(*)::int from ${sql.table(target.table)} x where x.${sql.ref(target.column)} = ${sql.ref(targetRef)} and x.reaction = ${value})`;
}

/** Likes minus dislikes: the "most useful" sort. */
export function usefulness(target: ReactionTarget, targetRef: string): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(case when x.reaction = 'Like' then 1 else -1 end), 0)::int from ${sql.table(target.table)} x where x.${sql.ref(target.column)} = ${sql.ref(targetRef)})`;
}

export interface MyReactionJson {
  id: number;
  reaction: ReactionValue;
}

/** The caller's reaction as `{ id, reaction }` or null; callerId 0 (anonymous) matches nobody. */
export function myReaction(target: ReactionTarget, targetRef: string, callerId: number): RawBuilder<MyReactionJson | null> {
  return sql<MyReactionJson | null>`(select json_build_object('id', x.id, 'reaction', x.reaction) from ${sql.table(target.table)} x where x.${sql.ref(target.column)} = ${sql.ref(targetRef)} and x.user_id = ${callerId})`;
}

/** A date read from inside a JSON aggregate (a string) or from a column (a Date) as ISO 8601 UTC. */
export function isoDate(value: string | Date): string {
  return (typeof value === 'string' ? new Date(value) : value).toISOString();
}

export interface CommentJson {
  id: number;
  userId: number;
  authorName: string;
  text: string;
  isShop: boolean;
  createdAt: string;
  updatedAt: string;
  likes: number;
  dislikes: number;
  myReaction: MyReactionJson | null;
}

export function toComment(row: CommentJson): Comment {
  return {
    id: row.id,
    userId: row.userId,
    author: { id: row.userId, name: row.authorName },
    text: row.text,
    isShop: row.isShop,
    createdAt: isoDate(row.createdAt),
    updatedAt: isoDate(row.updatedAt),
    likes: row.likes,
    dislikes: row.dislikes,
    myReaction: row.myReaction,
  };
}
