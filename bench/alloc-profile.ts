import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";

/**
 * Sample every allocation of this process, collected or not (what makes young-generation
 * collections frequent), until the returned function writes the profile to `file`. Open
 * it in Chrome DevTools (Memory → Load) or sum it by function.
 */
export async function startAllocationProfile(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 16384,
    includeObjectsCollectedByMinorGC: true,
    includeObjectsCollectedByMajorGC: true,
  });
  return async () => {
    const { profile } = await session.post("HeapProfiler.stopSampling");
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
