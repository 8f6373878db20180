import { Counter, LabelledSamples } from "./stats";

/** What a game's bots tally for a report: inputs measured by kind, what they sent, met and received. */
export class InputTally {
  readonly inputs = new LabelledSamples();
  readonly sentByKind = new Counter();
  readonly refusals = new Counter();
  readonly oddities = new Counter();
  /** Bytes received that count towards "bytes per seat per input" (each game says which). */
  bytes = 0;

  constructor(readonly error: (what: string) => void) {}

  sent = (kind: string) => this.sentByKind.inc(kind);
  odd = (what: string) => this.oddities.inc(what);
}
