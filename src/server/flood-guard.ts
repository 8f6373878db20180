/**
 * Addresses whose socket was cut off for flooding may not connect again for a while:
 * otherwise a flooder reconnects at once and every reconnection (handshake, join, seat
 * coming and going) costs the server more than the messages it refused.
 */
export class FloodGuard {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly coolDownMs = 5_000,
    private readonly clock: () => number = Date.now,
  ) {}

  ban(address: string): void {
    this.until.set(address, this.clock() + this.coolDownMs);
  }

  banned(address: string): boolean {
    const t = this.until.get(address);
    if (t === undefined) return false;
    if (t > this.clock()) return true;
    this.until.delete(address);
    return false;
  }
}
