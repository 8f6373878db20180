import { envelopeWire } from "../../engine/envelope-wire";

/**
 * Card Table's envelope on Socket.IO `message` events in namespace /outrank, so one client
 * library serves both (src/engine/envelope-wire.ts); the host parses each action with
 * Outrank's own schema at the door.
 */
export const outrankWire = envelopeWire;
