import type { RouteDef } from "../../engine/module";
import type { Question } from "./content/schema";

/** The built-in bank's categories and how many questions each holds, for the room form. */
export function triviaRoutes(bank: readonly Question[]): RouteDef[] {
  const counts = new Map<string, number>();
  for (const q of bank) counts.set(q.category, (counts.get(q.category) ?? 0) + 1);
  const categories = [...counts]
    .map(([name, questions]) => ({ name, questions }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return [
    {
      method: "GET",
      path: "/categories",
      summary: "Categories of the built-in questions, with their question counts",
      async handle() {
        return { status: 200, body: { categories } };
      },
    },
  ];
}
