import type { z } from "zod";

/** The first problem zod found, as one line for people: `path.to.field: what is wrong`. */
export function zodMessage(err: z.ZodError, whole = "body"): string {
  const issue = err.issues[0];
  return issue ? `${issue.path.map(String).join(".") || whole}: ${issue.message}` : `invalid ${whole}`;
}
