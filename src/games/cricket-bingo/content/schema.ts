import { z } from "zod";

/** The ten national teams the game maps, code to country name. */
export const COUNTRIES = {
  IND: "India",
  AUS: "Australia",
  ENG: "England",
  SA: "South Africa",
  NZ: "New Zealand",
  AFG: "Afghanistan",
  WI: "West Indies",
  PAK: "Pakistan",
  SL: "Sri Lanka",
  BAN: "Bangladesh",
} as const;
export type CountryCode = keyof typeof COUNTRIES;
export type CountryName = (typeof COUNTRIES)[CountryCode];
export const COUNTRY_CODES = Object.keys(COUNTRIES) as CountryCode[];
export const COUNTRY_NAMES = Object.values(COUNTRIES) as CountryName[];
export const CountryNameSchema = z.enum(COUNTRY_NAMES as [CountryName, ...CountryName[]]);
export const CountryCodeSchema = z.enum(COUNTRY_CODES as [CountryCode, ...CountryCode[]]);

/** Every IPL franchise, under one code per franchise across renames (DC, PBKS). */
export const IPL_CODES = [
  "MI",
  "CSK",
  "RCB",
  "KKR",
  "SRH",
  "DC",
  "PBKS",
  "RR",
  "GT",
  "LSG",
  "DCH",
  "PWI",
  "KTK",
  "RPS",
  "GL",
] as const;
export const IplCode = z.enum(IPL_CODES);
export type IplCode = z.infer<typeof IplCode>;

export const PRIMARY_ROLES = ["Batsman", "WK-Bat", "Fast Bowler", "Spin Bowler", "All-Rounder"] as const;
export const PrimaryRole = z.enum(PRIMARY_ROLES);
export type PrimaryRole = z.infer<typeof PrimaryRole>;

export const TROPHIES = ["CWC", "T20WC", "CT", "WTC", "IPL"] as const;
export const Trophy = z.enum(TROPHIES);
export type Trophy = z.infer<typeof Trophy>;

export const FORMATS = ["Test", "ODI", "T20I"] as const;
export const Format = z.enum(FORMATS);
export type Format = z.infer<typeof Format>;

const count = z.number().int().min(0);

/** One format's career line in the raw files. */
export const RawFormatStats = z.strictObject({ m: count, runs: count, wkts: count });
export type RawFormatStats = z.infer<typeof RawFormatStats>;

/** A record as the country files hold it (`players/<code>.json`). */
export const RawPlayer = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  name: z.string().min(2),
  country: CountryNameSchema,
  role: PrimaryRole,
  jersey: z.number().int().min(0).max(999).optional(),
  ipl: z.array(IplCode).default([]),
  trophies: z.array(Trophy).default([]),
  test: RawFormatStats.optional(),
  odi: RawFormatStats.optional(),
  t20i: RawFormatStats.optional(),
  iplMatches: count.default(0),
  centuries: count,
  iplCenturies: count.default(0),
  /** Where he played: national spans and IPL seasons with at least one match (see docs/content.md). */
  stints: z.array(z.string().min(1)).min(1),
  /**
   * IPL seasons he spent in a franchise's squad without playing a match (`"KKR 2022"`): they
   * make no franchise and no teammate, and count only for a squad's trophy.
   */
  squadOnly: z.array(z.string().min(1)).default([]),
});
export type RawPlayer = z.infer<typeof RawPlayer>;
export const RawPlayerFile = z.array(RawPlayer);

export const Stats = z.strictObject({
  odiRuns: count,
  testRuns: count,
  t20iRuns: count,
  totalRuns: count,
  odiWickets: count,
  testWickets: count,
  t20iWickets: count,
  totalWickets: count,
  odiMatches: count,
  testMatches: count,
  t20iMatches: count,
  iplMatches: count,
  centuries: count,
  iplCenturies: count,
});
export type Stats = z.infer<typeof Stats>;

export const TeammateEntry = z.strictObject({
  playerId: z.string().min(1),
  playerName: z.string().min(1),
  /** Shared squads, e.g. "MI 2019", "India ODI 2008-2011". */
  contexts: z.array(z.string().min(1)).min(1),
});
export type TeammateEntry = z.infer<typeof TeammateEntry>;

/** One player's record: a card of the deck and everything that decides its cells. */
export const CricketPlayer = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  country: CountryNameSchema,
  countryCode: CountryCodeSchema,
  countryFlag: z.string().min(1),
  iplTeams: z.array(IplCode),
  teamColor: z.string().regex(/^#[0-9A-F]{6}$/),
  primaryRole: PrimaryRole,
  formats: z.array(Format),
  stats: Stats,
  trophies: z.array(Trophy),
  teammates: z.array(TeammateEntry),
  jerseyNumber: z.number().int().min(0).optional(),
});
export type CricketPlayer = z.infer<typeof CricketPlayer>;

export const CATEGORY_TYPES = ["team", "country", "stat", "combo", "role", "trophy", "teammate"] as const;
export const CategoryType = z.enum(CATEGORY_TYPES);
export type CategoryType = z.infer<typeof CategoryType>;

/** The numeric stats a stat cell may threshold. */
export const STAT_KEYS = [
  "odiRuns",
  "testRuns",
  "t20iRuns",
  "totalRuns",
  "odiWickets",
  "testWickets",
  "t20iWickets",
  "totalWickets",
  "odiMatches",
  "testMatches",
  "t20iMatches",
  "iplMatches",
  "centuries",
  "iplCenturies",
] as const satisfies readonly (keyof Stats)[];
export type StatKey = (typeof STAT_KEYS)[number];

/** Role cells: "Batsman" also admits wicket-keeper batsmen. */
export const RoleCell = PrimaryRole;

/**
 * One criterion, as a combo cell lists them. Stat values read `<statKey>>=<n>`;
 * country values may be the code or the name; teammate values are player ids.
 */
export const Criterion = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("team"), value: IplCode }),
  z.strictObject({ type: z.literal("country"), value: z.union([CountryCodeSchema, CountryNameSchema]) }),
  z.strictObject({ type: z.literal("stat"), value: z.string().regex(/^[a-zA-Z0-9]+>=\d+$/) }),
  z.strictObject({ type: z.literal("role"), value: RoleCell }),
  z.strictObject({ type: z.literal("trophy"), value: Trophy }),
  z.strictObject({ type: z.literal("teammate"), value: z.string().min(1) }),
]);
export type Criterion = z.infer<typeof Criterion>;

/**
 * Names the validation function and its argument: `team:MI`, `country:IND`,
 * `stat:odiRuns>=5000`, `role:Fast Bowler`, `trophy:IPL`, `teammate:ms-dhoni`, or `combo`
 * (the criteria then live in `comboCriteria`).
 */
export const ValidatorKey = z.string().regex(/^(combo|(team|country|stat|role|trophy|teammate):.+)$/);
export type ValidatorKey = z.infer<typeof ValidatorKey>;

/** A cell of the grid, with `comboCriteria` for combos (docs/games/cricket-bingo.md, "Cells"). */
export const GridCategory = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    label: z.string().min(1),
    shortLabel: z.string().min(1),
    icon: z.string().min(1),
    type: CategoryType,
    comboIcons: z.array(z.string().min(1)).optional(),
    comboCriteria: z.array(Criterion).min(2).optional(),
    validator: ValidatorKey,
  })
  .superRefine((c, ctx) => {
    const isCombo = c.type === "combo";
    if (isCombo !== (c.validator === "combo"))
      ctx.addIssue({ code: "custom", message: "combo cells, and only they, use the `combo` validator" });
    if (isCombo !== (c.comboCriteria !== undefined))
      ctx.addIssue({ code: "custom", message: "combo cells, and only they, list comboCriteria" });
    if (!isCombo && c.comboIcons !== undefined)
      ctx.addIssue({ code: "custom", message: "comboIcons belong to combo cells" });
    if (!isCombo && !c.validator.startsWith(`${c.type}:`))
      ctx.addIssue({ code: "custom", message: `validator ${c.validator} does not fit type ${c.type}` });
  });
export type GridCategory = z.infer<typeof GridCategory>;
export const GridCategoryFile = z.array(GridCategory);
