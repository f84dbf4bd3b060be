/** Rate limiting for sockets: a token bucket per socket and one per address. */

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes one token; false when none is left (the caller is over its rate). */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** Per-address state: open sockets and a shared message bucket, forgotten when the last socket closes. */
export class AddressBook {
  private readonly byAddress = new Map<string, { sockets: number; bucket: TokenBucket }>();

  constructor(
    private readonly maxSockets: number,
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  /** Registers a socket from `address`; undefined when that address has too many open already. */
  open(address: string): TokenBucket | undefined {
    let entry = this.byAddress.get(address);
    if (entry === undefined) {
      entry = { sockets: 0, bucket: new TokenBucket(this.perSecond, this.burst) };
      this.byAddress.set(address, entry);
    }
    if (entry.sockets >= this.maxSockets) return undefined;
    entry.sockets++;
    return entry.bucket;
  }

  close(address: string): void {
    const entry = this.byAddress.get(address);
    if (entry === undefined) return;
    if (--entry.sockets <= 0) this.byAddress.delete(address);
  }
}
