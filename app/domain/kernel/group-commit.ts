/**
 * Group commit: callers hand in one item each and wait for its result; the items that arrive while a
 * write is under way go together in the next one. One caller alone is written at once (no timer, no
 * added wait); hundreds a second share a statement and a commit instead of queueing for one each,
 * which is what bounds the answer time of a busy public endpoint (Shopify's order webhooks).
 */
export class GroupCommit<Item, Result> {
  private waiting: { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  /**
   * @param write writes a batch and returns one result per item, in the items' order. When it throws,
   *   every caller of that batch gets the error.
   * @param maxBatch the most items one write takes; the rest wait for the next.
   */
  constructor(
    private readonly write: (items: Item[]) => Promise<Result[]>,
    private readonly maxBatch = 200,
  ) {}

  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain() {
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          const results = await this.write(batch.map((entry) => entry.item));
          if (results.length !== batch.length)
            throw new Error(`A group write returned ${results.length} results for ${batch.length} items`);
          batch.forEach((entry, index) => {
            entry.resolve(results[index] as Result);
          });
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
