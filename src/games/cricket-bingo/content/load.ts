import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type GridCategory, GridCategoryFile, IPL_CODES, RawPlayer } from "./schema";

const playersDir = fileURLToPath(new URL("./players/", import.meta.url));
const categoriesFile = fileURLToPath(new URL("./categories.json", import.meta.url));

export interface RawLoad {
  /** Records that passed the schema, in file-name order. */
  records: RawPlayer[];
  /** Files that did not parse and records that failed the schema, for the content checks. */
  problems: string[];
  /** IPL codes outside the known list, wherever a file used them. */
  unknownIplCodes: string[];
}

/**
 * Reads every `players/*.json` present. A missing folder, an unreadable file or a bad
 * record is reported rather than thrown, so a half-written country file never stops
 * the rest of the database from loading.
 */
export function readRawPlayers(dir = playersDir): RawLoad {
  const out: RawLoad = { records: [], problems: [], unknownIplCodes: [] };
  if (!existsSync(dir)) return out;
  const known = new Set<string>(IPL_CODES);
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(join(dir, file), "utf8"));
    } catch (err) {
      out.problems.push(`${file}: ${(err as Error).message}`);
      continue;
    }
    if (!Array.isArray(data)) {
      out.problems.push(`${file}: not a JSON array`);
      continue;
    }
    data.forEach((item, i) => {
      const where = `${file}[${i}]${typeof item?.id === "string" ? ` ${item.id}` : ""}`;
      const ipl: unknown[] = Array.isArray(item?.ipl) ? item.ipl : [];
      for (const code of ipl)
        if (typeof code !== "string" || !known.has(code)) out.unknownIplCodes.push(`${where}: ${code}`);
      const parsed = RawPlayer.safeParse(item);
      if (parsed.success) out.records.push(parsed.data);
      else
        out.problems.push(
          `${where}: ${parsed.error.issues.map((iss) => `${iss.path.join(".")} ${iss.message}`).join(", ")}`,
        );
    });
  }
  return out;
}

export function readCategories(file = categoriesFile): GridCategory[] {
  return GridCategoryFile.parse(JSON.parse(readFileSync(file, "utf8")));
}
