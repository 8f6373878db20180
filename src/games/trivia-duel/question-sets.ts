import { ContentCache } from "../../engine/content-cache";
import { ApiRefusal, type RouteInput, type ServiceContext } from "../../engine/module";
import { requireOwner } from "../../engine/owner";
import { type Question, StoredQuestion } from "./content/schema";

const GAME = "trivia-duel";
const KIND = "questions";

/**
 * What a room's own questions may take: one set is at most 50 questions of bounded size,
 * QUESTION_LIMITS.setBytes as stored (every byte of it counts); an owner keeps at most `ownerBytes` of content in the store (sets no
 * open room names any more are let go when this runs out), and the server's total is
 * CONTENT_QUOTA_MB.
 */
export const QUESTION_SET_LIMITS = { ownerBytes: 10 * 1024 * 1024, defaultTotalBytes: 200 * 1024 * 1024 } as const;

/**
 * Stored question sets the rules read synchronously, by hash. Every room naming a set
 * shares one copy of it (see ContentCache), so a room costs a pointer to its questions.
 */
export const questionSets = new ContentCache<Question[]>(16 * 1024 * 1024);

const remember = (hash: string, questions: Question[]) =>
  questionSets.put(hash, questions, Buffer.byteLength(JSON.stringify(questions)));

/** Store a room's own questions as the sender's (X-Parlor-Owner), once per distinct set: their hash. */
export async function storeQuestionSet(questions: Question[], ctx: ServiceContext, req: RouteInput): Promise<string> {
  const owner = requireOwner(req);
  const store = ctx.content;
  if (!store) throw new Error("trivia: rooms with their own questions need the platform's content store");
  const hash = await store.put({ game: GAME, kind: KIND, owner, body: questions }, async (bytes) => {
    const used = await store.usage(owner);
    if (used.owner + bytes > QUESTION_SET_LIMITS.ownerBytes)
      throw new ApiRefusal(
        403,
        "quota_exceeded",
        `What you send with rooms may take ${QUESTION_SET_LIMITS.ownerBytes / (1024 * 1024)} MB in all.`,
      );
    if (used.total + bytes > (ctx.contentQuotaBytes ?? QUESTION_SET_LIMITS.defaultTotalBytes))
      throw new ApiRefusal(507, "storage_full", "This server has no room for more questions right now.");
  });
  remember(hash, questions);
  return hash;
}

/** Load the question set a room's options name, unless it is in memory already. */
export async function prepareQuestionSet(options: unknown, ctx: ServiceContext): Promise<void> {
  const hash = (options as { questionSet?: { hash?: unknown } } | null)?.questionSet?.hash;
  if (typeof hash !== "string" || questionSets.get(hash)) return;
  const body = await ctx.content?.get(GAME, KIND, hash);
  if (body) remember(hash, StoredQuestion.array().parse(body));
}
