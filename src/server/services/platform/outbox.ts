/**
 * The outbox rules shared by letters (services/mail/mailer.ts) and webhook deliveries: a message is
 * written in the transaction of the change that caused it, then sent after the commit; a failed
 * send is tried again after these pauses and then given up, and a message being sent is claimed
 * (its next attempt pushed back) so that another instance or a restart does not send it twice.
 */
export const retryMinutes: readonly number[] = [1, 5, 30, 120];

/** A message being sent is not taken by another instance's retry for this long. */
export const claimMinutes = 5;

/** The pause before the next try after `attempts` failed ones, or undefined: give up. */
export function retryAfterMinutes(attempts: number): number | undefined {
  return retryMinutes[attempts - 1];
}
