import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PGliteMemory } from "../platform/db/pglite-remote";
import type { HostMetrics } from "../platform/room-host";

/** Prometheus metrics served at /metrics. */
export function createMetrics(
  liveRooms: () => number,
  sockets: () => number,
  node: string,
  pglite?: () => Promise<PGliteMemory>,
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "parlor_process_" });
  // Always 1: its label names the node, so series scraped from several nodes can be told
  // apart (and joined on the scrape's instance) even where the scraper adds no label of its own.
  new Gauge({
    name: "parlor_node_info",
    help: "This node (NODE_NAME, or the host name); always 1",
    labelNames: ["node"],
    registers: [registry],
  }).set({ node }, 1);
  new Gauge({
    name: "parlor_live_rooms",
    help: "Rooms in the live store",
    registers: [registry],
    collect() {
      this.set(liveRooms());
    },
  });
  new Gauge({
    name: "parlor_sockets",
    help: "Connected sockets",
    registers: [registry],
    collect() {
      this.set(sockets());
    },
  });
  // Embedded PGlite's memory is outside the process's JS heap figures: PostgreSQL's WebAssembly
  // memory never shrinks, and its worker thread has a heap of its own.
  if (pglite)
    new Gauge({
      name: "parlor_pglite_memory_bytes",
      help: "Embedded PGlite's memory: wasm (PostgreSQL's WebAssembly memory), worker_heap (its thread's JS heap)",
      labelNames: ["part"],
      registers: [registry],
      async collect() {
        const m = await pglite().catch(() => null);
        if (!m) return;
        this.set({ part: "wasm" }, m.wasmBytes);
        if (m.heapBytes !== undefined) this.set({ part: "worker_heap" }, m.heapBytes);
      },
    });
  const inputs = new Counter({
    name: "parlor_inputs_total",
    help: "Accepted inputs",
    labelNames: ["game"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "parlor_input_latency_seconds",
    help: "From an input's turn to its broadcast (rules, durable append, store, publish)",
    labelNames: ["game"],
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const lateness = new Histogram({
    name: "parlor_tick_lateness_seconds",
    help: "How late a room timer fired after its due time",
    buckets: [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const host: HostMetrics = {
    input(game, seconds) {
      inputs.inc({ game });
      latency.observe({ game }, seconds);
    },
    tickLateness(seconds) {
      lateness.observe(seconds);
    },
  };
  return { registry, host };
}
