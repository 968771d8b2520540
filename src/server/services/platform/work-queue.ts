/**
 * At most `concurrency` tasks at a time; the others wait their turn, in order. Used to bound
 * memory-hungry work per process (image encoding, uploads) whatever the number of requests.
 */
export class WorkQueue {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(readonly concurrency: number) {}

  get pending(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#running += 1;
    try {
      return await task();
    } finally {
      this.#running -= 1;
      this.#waiting.shift()?.();
    }
  }
}
