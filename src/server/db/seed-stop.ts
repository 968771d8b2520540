/**
 * A shutdown asked for during the first seed: the seed stops at its next step and its transaction
 * rolls back whole (the next start seeds again), instead of running on past the shutdown deadline.
 */
export type SeedStop = () => boolean;

export const neverStop: SeedStop = () => false;

export class SeedInterrupted extends Error {
  constructor() {
    super('Demo data not added: the server is stopping');
  }
}

export function stopIfAsked(stop: SeedStop): void {
  if (stop()) throw new SeedInterrupted();
}
