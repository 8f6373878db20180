import type { Kysely, Migration } from "kysely";
import type { ZodType } from "zod";
import type { ViewPacking } from "./compact-wire";
import type { AnyRules, Outbound } from "./rules";

/** What a game's wire protocol turns one raw client message into. */
export type ClientFrame =
  /**
   * Take (or retake) a seat in a room. `credential` is the secret that proves the seat;
   * `device` names the browser (a secret it keeps), so a seat kicked from a table stays
   * kicked for that browser; `create: false` asks never to create the room by joining.
   */
  | {
      kind: "join";
      roomId: string;
      credential?: string;
      name?: string;
      device?: string;
      create?: boolean;
      requestId?: string;
      /**
       * What a join without a seat (a spectator) offers to be let watch, for games that
       * guard watching (`JoinRules.mayWatch`): an account's access token, or a key the game's own
       * routes handed out (SerpentRace's projector link).
       */
      watch?: { accessToken?: string; key?: string };
    }
  | { kind: "intent"; intent: unknown; requestId?: string }
  | { kind: "leave"; requestId?: string }
  | { kind: "invalid"; code: string; message: string; requestId?: string };

/**
 * A game's protocol as the generic socket gateway needs it. The gateway never looks
 * inside intents or views: it only moves them.
 */
export interface WireAdapter {
  /**
   * Parse one raw client event (already JSON): `event` is its Socket.IO event name, "message"
   * unless the protocol names its events (`events`). Must never throw.
   */
  parse(raw: unknown, event?: string): ClientFrame;
  /** Event names besides "message" the protocol reads (SerpentRace's `game:dice-roll`, …). */
  events?: readonly string[];
  /**
   * How a message goes out: its Socket.IO event name and payload. Without it, every message
   * is a `message` event (Trivia Duel, Card Table, Outrank).
   */
  emit?(msg: unknown): { event: string; data: unknown };
  /** A join carried in the Socket.IO handshake (`auth`), for protocols without a join message. */
  handshake?(auth: unknown): ClientFrame | null;
  /** The protocol's error message. */
  error(code: string, message: string, requestId?: string): unknown;
  /** The protocol's acknowledgement of an accepted input, if it has one. */
  ack?(requestId: string): unknown;
  /** Sent to a newcomer who could not be seated but may watch (e.g. room full). */
  spectating?(roomId: string): unknown;
  /** Sent to a socket once it is in the room, before its first view (SerpentRace's `authenticated`); null sends nothing. */
  welcome?(roomId: string, seat: string | null, name: string | undefined): unknown | null;
  /**
   * Send the welcome and the full view before the messages a socket's own (re)join causes,
   * rather than after them: what the rules send a seat that comes back (SerpentRace's
   * re-sent `game:your-turn`) then follows the sync instead of being overwritten by it.
   */
  syncFirst?: boolean;
  /** Ways in besides a seat's credential, for the games that have them. */
  joins?: JoinRules;
  /** How the compact wire packs this game's views (none: diffed as they are). */
  packing?: ViewPacking;
}

/**
 * How a game's sockets may join other than by proving a seat with its credential: parts only
 * some games have (a duel made by naming it, a gamemaster proven by an account, watchers who
 * must show a right to watch), so they belong to that game's wire rather than to every game.
 */
export interface JoinRules {
  /**
   * A join naming an unknown room creates it (Trivia Duel: docs/games/trivia-duel.md,
   * Decisions D9). The gateway then asks the host to create it, against the address's
   * room allowance.
   */
  createsRoom?: boolean;
  /**
   * A socket that proves an account (an access token in its handshake) instead of a seat:
   * the named seat that account may take in a room with these options (SerpentRace's
   * gamemaster, "GM", for the game's creator), or null.
   */
  accountSeat?(options: unknown, userId: string): string | null;
  /**
   * The room an account's socket means when its handshake names none (SerpentRace's
   * gamemaster connecting with only an access token: their latest unfinished game), or null.
   */
  accountRoom?(userId: string, ctx: ServiceContext): Promise<string | null>;
  /**
   * Whether someone may watch a room without a seat. Without it, anyone who knows a room's
   * code may. `userId` is the account the watcher proved (null: none), `key` what else they
   * offered (see `ClientFrame`'s `watch`). A refusal is sent as the protocol's error and the
   * socket joins nothing.
   */
  mayWatch?(
    options: unknown,
    who: { userId: string | null; key: string | undefined },
    ctx: ServiceContext,
  ): Promise<{ ok: true } | { ok: false; code: string; message: string }>;
}

export interface GameModule {
  rules: AnyRules;
  /**
   * The game's own refusal codes (its codes.ts), one line of meaning each: the protocol
   * docs' tables (`npm run docs:refusals`) and the refusal-codes test read them from here.
   */
  refusals: Readonly<Record<string, string>>;
  /** Socket.IO namespace, e.g. "/trivia". */
  namespace: string;
  /**
   * The path segment of the game's REST (/api/v1/<slug>/) and web pages (/<slug>), when it
   * has no `createRoom` (whose slug it is otherwise).
   */
  slug?: string;
  wire: WireAdapter;
  /**
   * REST body for creating a room (POST /api/v1/<slug>/rooms), turned into rules options.
   * `toOptions` may read the database (uploaded content) and refuse with an ApiRefusal.
   */
  createRoom?: {
    slug: string;
    body: ZodType;
    /** `req` is the creating request (headers, client address), for content only its owner may use. */
    toOptions(body: unknown, ctx: ServiceContext, req: RouteInput): unknown | Promise<unknown>;
  };
  title: string;
  /**
   * Seats are proven by a token the server signs (POST /api/v1/<slug>/rooms/:code/seats),
   * rather than by a client-made secret.
   */
  seatTokens?: "signed";
  /** The game's own tables (Kysely migrations; names should start with a game prefix). */
  migrations?: Record<string, Migration>;
  /** The game's own REST routes under /api/v1/<slug>/. */
  routes?: RouteDef[];
  /**
   * Load what a room's options reference (uploaded packs by id and version) before the rules
   * run: at creation, before each input or timer, and before a replay. Content is immutable
   * once stored, so the rules can read it synchronously and a replay finds the same content.
   * Must be cheap when everything is already loaded.
   */
  prepare?(options: unknown, ctx: ServiceContext): Promise<void>;
  /** Bytes of content the game keeps in its own tables (uploaded packs), for the server's total quota. */
  storedBytes?(ctx: ServiceContext): Promise<number>;
  /** Runs once at start, after migrations (seed tables and the like). */
  init?(ctx: ServiceContext): Promise<void>;
  /** Runs at shutdown, before the database closes (write what is buffered). */
  close?(ctx: ServiceContext): Promise<void>;
  /** Runs after each committed input, in order per room: for history tables and the like. */
  project?: Projection;
}

/** A game's projection: after each committed input of a room, its new state and what it sent. */
export type Projection = (
  ctx: ServiceContext,
  room: { uid: string; code: string },
  state: unknown,
  out: Outbound[],
) => Promise<void>;

/** What game services (routes, projections) may use. */
export interface ServiceContext {
  // biome-ignore lint/suspicious/noExplicitAny: each game owns its own tables
  db: Kysely<any>;
  now(): number;
  /** Bytes all uploaded content (of every game) may take together (CONTENT_QUOTA_MB). */
  contentQuotaBytes?: number;
  /** Who is calling: the platform's signed player identities. */
  identity?: IdentityService;
  /** Accounts and organisations (for games with private or organisation rooms). */
  accounts?: AccountDirectory;
  /** Seat tokens, for games that seat players through their own routes. */
  seats?: SeatIssuer;
  /** Rooms, for games whose own routes create or drive them (SerpentRace's REST). */
  rooms?: RoomDirectory;
  /** Immutable content that rooms name by hash (what clients send along with a new room). */
  content?: ContentStore;
  /**
   * A named secret of this deployment: what the operator configured for that name, else a
   * random value generated at first use and kept in the database (the same on every node
   * and after every restart). Names the server knows: `daily-seed` (DAILY_SEED_SECRET).
   */
  secret?(name: string): Promise<string>;
}

/**
 * Content sent along with a new room (inline card packs, a definition, a question set) is
 * stored once, immutable, and the room's options name it by hash (content is referenced,
 * not copied: docs/architecture.md, Decisions D6), so a room costs a few bytes in memory
 * and in its log however much it brought. In options, a reference is an object with a
 * `hash` field: that is how the store finds which content open rooms still name.
 */
export interface ContentStore {
  /**
   * Store `body` for `owner`, or note another use if the same content (same game, kind and
   * JSON) is stored already; returns its hash. New content is first offered to `admit` with
   * its size, which may refuse (an ApiRefusal: over a quota); content nobody's open room
   * names any more is let go then, and `admit` asked once more.
   */
  put(
    item: { game: string; kind: string; owner: string; body: unknown },
    admit: (bytes: number) => Promise<void>,
  ): Promise<string>;
  /** The stored body, or null. */
  get(game: string, kind: string, hash: string): Promise<unknown | null>;
  /**
   * Bytes stored: `owner`'s content in this store, and `total`, everything every game keeps
   * (this store plus each game's own uploads, `GameModule.storedBytes`), for the server's quota.
   */
  usage(owner: string | null): Promise<{ owner: number; total: number }>;
}

/** What a game's own routes may do with its rooms. */
export interface RoomDirectory {
  /**
   * Create a room for the client at `by.client` (the route's `RouteInput.client`): it spends
   * that address's room allowance, shared with every other way of making a room, and throws
   * an ApiRefusal (429 `rate_limited`) when it is spent.
   */
  create(gameId: string, options: unknown, by: { client: string }): Promise<string>;
  /** The room's record: its game, options and current state (read-only), or null. */
  get(code: string): Promise<{ game: string; options: unknown; state: unknown; uid: string } | null>;
  /**
   * Seat a player before their socket connects (a game's own REST join): the rules take or
   * refuse the seat now, and the returned signed token (with the game's extra claims) proves
   * it when the socket arrives. Only for games with `seatTokens: "signed"`.
   */
  seat(
    code: string,
    who: {
      name: string;
      claims?: Record<string, unknown>;
      ttl?: string;
      subject?: string;
      /** The claim under which the token names the seat it proves (SerpentRace's `playerId`). */
      seatClaim?: string;
    },
  ): Promise<{ ok: true; seat: string; token: string } | { ok: false; code: string; message: string }>;
  /** An input from a named seat that the route has authorised (the platform checks nothing more). */
  act(
    code: string,
    seat: string,
    intent: unknown,
  ): Promise<{ ok: true } | { ok: false; code: string; message: string }>;
}

/** Signed seat credentials, for games whose own REST routes hand out seats (SerpentRace's join). */
export interface SeatIssuer {
  issue(
    room: string,
    name: string,
    device?: string,
    more?: { claims?: Record<string, unknown>; ttl?: string; subject?: string },
  ): Promise<string>;
}

/** What games may ask of the platform's accounts. */
export interface AccountDirectory {
  user(id: string): Promise<{ id: string; email: string; displayName: string } | null>;
  roleIn(orgId: string, userId: string): Promise<"owner" | "admin" | "member" | null>;
  /** The organisations a user belongs to, by name. */
  myOrgs(userId: string): Promise<{ id: string; name: string; role: "owner" | "admin" | "member" }[]>;
}

/** A player as the platform knows them from a signed token. */
export interface Identity {
  /** Stable id: "anon:<uuid>" for an anonymous player, "user:<id>" for an account. */
  id: string;
  kind: "anonymous" | "user";
}

/**
 * The platform's player identities, for games that keep per-player records (daily puzzles,
 * leaderboards): an anonymous identity is made on first use and proven afterwards by its
 * signed token (`Authorization: Bearer <token>`).
 */
export interface IdentityService {
  issueAnonymous(): Promise<{ identity: Identity; token: string }>;
  /** The identity a bearer token proves, or null (missing, forged, expired). */
  fromToken(token: string | undefined): Promise<Identity | null>;
}

/** The bearer token of a request's `Authorization` header, if it has one. */
export function bearerToken(headers: Record<string, string | undefined>): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? "")?.[1];
}

/**
 * A game played over REST alone (no rooms, no sockets): its tables, routes under
 * /api/v1/<slug>/, and start/stop hooks. Cricket Bingo is one.
 */
export interface ServiceModule {
  id: string;
  title: string;
  slug: string;
  /** The game's own refusal codes, as `GameModule.refusals`. */
  refusals: Readonly<Record<string, string>>;
  migrations?: Record<string, Migration>;
  routes?: RouteDef[];
  init?(ctx: ServiceContext): Promise<void>;
  close?(ctx: ServiceContext): Promise<void>;
}

/** A refusal from a route or `toOptions`: becomes `{ error: { code, message } }` with `status`. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RouteDef {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Path under /api/v1/<slug>, e.g. "/packs" or "/packs/:id". */
  path: string;
  summary: string;
  body?: ZodType;
  /**
   * The query parameters, for the OpenAPI description (all strings on the wire). The handler
   * still reads `input.query` itself, so it can refuse each parameter with its own code.
   */
  query?: ZodType;
  /** Reply bodies by status, for the OpenAPI description. */
  responses?: Record<number, ZodType>;
  /** Statuses the route refuses with (`{ error: { code, message } }`), for the OpenAPI description. */
  refusals?: number[];
  /**
   * How the caller proves who they are, for the OpenAPI description: a bearer token the route
   * needs, or one it reads when sent (a leaderboard's "you", a first game that makes the
   * identity). The route checks the token itself.
   */
  auth?: "bearer" | "optional-bearer";
  /** JSON body size limit in bytes, when larger than the server's default. */
  bodyLimit?: number;
  /** Requests per minute per client address, when tighter than the server's default. */
  perMinute?: number;
  /** The path is from the server's root, not under /api/v1/<slug> (a document's own paths). */
  absolute?: boolean;
  /**
   * How refusals look: Parlor's `{ error: { code, message } }` by default, or a document's
   * flat `{ error: "<message>", code }` (SerpentRace's REST format).
   */
  errors?: "flat";
  handle(ctx: ServiceContext, input: RouteInput): Promise<{ status: number; body: unknown }>;
}

export interface RouteInput {
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string>;
  /** Request headers, lower-case names. */
  headers: Record<string, string | undefined>;
  /** The client's address, for per-client limits. */
  client: string;
}
