import { EnvelopeContext } from "../../engine/envelope-wire";
import type { Catalog } from "./catalog";
import type { OutrankState } from "./state";
import type { OutrankEvent } from "./wire";

/** One input or timer being applied (the engine's context on the action envelope), with the catalog. */
export class Ctx extends EnvelopeContext<OutrankState, OutrankEvent> {
  constructor(
    s: OutrankState,
    now: number,
    readonly catalog: Catalog,
  ) {
    super(s, now, s.timeScale);
  }
}
