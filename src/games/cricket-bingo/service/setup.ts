import type { ServiceContext } from "../../../engine/module";
import type { Catalog } from "../catalog";
import { keepVersion } from "./content-versions";

/**
 * What Cricket Bingo deals new days from on one server: the content (the shipped catalog,
 * or another one a test starts the module with) and the deployment's secret for the date
 * seed. Set when the module starts (`init`) and kept per service context, so two servers in
 * one process (tests) each keep their own. The catalog is built on first use (about half a
 * second), not at start, and its version is stored before the first game names it.
 */
export interface BingoSetup {
  secret: string;
  catalog(): Catalog;
  /** Resolves once the current content version is in `bingo_content_versions`. */
  kept(): Promise<void>;
}

const setups = new WeakMap<ServiceContext, BingoSetup>();

export function keepSetup(ctx: ServiceContext, secret: string, content: () => Catalog): void {
  let catalog: Catalog | null = null;
  let kept: Promise<void> | null = null;
  const current = () => {
    catalog ??= content();
    return catalog;
  };
  setups.set(ctx, {
    secret,
    catalog: current,
    kept() {
      kept ??= keepVersion(ctx.db, current(), ctx.now()).catch((err: unknown) => {
        kept = null;
        throw err;
      });
      return kept;
    },
  });
}

export function setupOf(ctx: ServiceContext): BingoSetup {
  const s = setups.get(ctx);
  if (!s) throw new Error("cricket-bingo: the module was not started on this server (init)");
  return s;
}
