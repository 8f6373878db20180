import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { HostMetrics } from "../platform/room-host";

/** Prometheus metrics served at /metrics. */
export function createMetrics(liveRooms: () => number, sockets: () => number) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "parlor_process_" });
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
