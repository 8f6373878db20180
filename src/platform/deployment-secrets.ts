import type { Kysely } from "kysely";
import { storedSecret } from "./stored-secret";

/**
 * Named secrets of one deployment, for games that need one (a daily puzzle's seed): the
 * value the operator configured for a name, else a random one generated at first use and
 * kept in the database (`parlor_settings`, key `secret:<name>`), so every node and every
 * restart share it. Kept the way the seat-token and identity keys are.
 */
export class DeploymentSecrets {
  private readonly known = new Map<string, Promise<string>>();

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly configured: Record<string, string | undefined>,
  ) {}

  get(name: string): Promise<string> {
    const set = this.configured[name];
    if (set) return Promise.resolve(set);
    let value = this.known.get(name);
    if (!value) {
      value = this.stored(name);
      this.known.set(name, value);
      value.catch(() => this.known.delete(name));
    }
    return value;
  }

  private stored(name: string): Promise<string> {
    return storedSecret(this.db, `secret:${name}`);
  }
}
