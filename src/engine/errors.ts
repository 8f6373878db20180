/** A refused input. The code is stable and machine-readable; the message is for people. */
export interface RuleError {
  error: { code: string; message: string };
}

export function refuse(code: string, message: string): RuleError {
  return { error: { code, message } };
}

export function isRuleError(x: unknown): x is RuleError {
  return typeof x === "object" && x !== null && "error" in x && typeof (x as RuleError).error?.code === "string";
}
