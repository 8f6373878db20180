import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L: codes are read aloud and typed on phones. */
export const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 6;

export function newRoomCode(): string {
  let s = "";
  for (let i = 0; i < CODE_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/** A code `isTaken` does not know (`make`: how codes are drawn; tests force collisions with it). */
export async function uniqueRoomCode(
  isTaken: (code: string) => Promise<boolean>,
  make: () => string = newRoomCode,
): Promise<string> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const code = make();
    if (!(await isTaken(code))) return code;
  }
  throw new Error("could not find a free room code");
}
