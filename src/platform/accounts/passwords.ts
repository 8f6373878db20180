import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt's cost: about 50 ms a hash here, run on libuv's thread pool so the event loop never waits. */
const N = 16_384;
const R = 8;
const P = 1;
const KEY = 64;

function derive(password: string, salt: Buffer, n = N, r = R, p = P): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), with a fresh 16-byte salt per user. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return ["scrypt", N, R, P, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function checkPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const key = await derive(password, Buffer.from(salt, "base64url"), Number(n), Number(r), Number(p));
  const want = Buffer.from(hash, "base64url");
  return want.length === key.length && timingSafeEqual(want, key);
}

const COMMON = new Set([
  "password",
  "password1",
  "password123",
  "12345678",
  "123456789",
  "1234567890",
  "qwerty123",
  "iloveyou1",
  "letmein123",
  "welcome123",
  "admin1234",
  "abc12345",
]);

/**
 * Why a password is too weak, or null: at least 10 characters, a letter and something
 * else (a digit or a symbol), not a well-known password, and not the email itself.
 */
export function weakness(password: string, email: string): string | null {
  if (password.length < 10) return "Passwords need at least 10 characters.";
  if (password.length > 200) return "Passwords may be at most 200 characters.";
  if (!/\p{L}/u.test(password) || !/[^\p{L}]/u.test(password)) return "Use letters and at least one digit or symbol.";
  if (COMMON.has(password.toLowerCase())) return "That password is too well known.";
  if (password.toLowerCase().includes(email.split("@")[0]!.toLowerCase()) && email.length > 3)
    return "Do not build the password from your email address.";
  return null;
}
