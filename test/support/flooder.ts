/**
 * A hostile client in its own process, so its sending costs the test's measurements
 * nothing. It joins with a seat token and, while switched on (a line "on" on stdin; "off"
 * pauses it), sends `perSecond` copies of one message a second; when the server cuts it
 * off, it connects again and carries on (messages it could not send for want of a
 * connection count as tried). Prints "seated" once, then its totals twice a second.
 * Usage: tsx test/support/flooder.ts <url> <namespace> <json auth> <json message> <perSecond>
 */
import { createInterface } from "node:readline";
import { io } from "socket.io-client";

const [url, namespace, auth, message, perSecond] = process.argv.slice(2) as [string, string, string, string, string];
const socket = io(`${url}${namespace}`, {
  transports: ["websocket"],
  forceNew: true,
  reconnectionDelay: 50,
  reconnectionDelayMax: 200,
  auth: JSON.parse(auth),
});
const msg = JSON.parse(message);
const burst = Math.ceil(Number(perSecond) / 100);
let sent = 0;
let tried = 0;
let cuts = 0;
let on = false;
let seated = false;

setInterval(() => {
  if (!on) return;
  tried += burst;
  if (!socket.connected) return;
  for (let i = 0; i < burst; i++) socket.send({ ...msg, requestId: `f${sent++}` });
}, 10);
socket.on("message", (m: { type: string }) => {
  if (m.type !== "state" || seated) return;
  seated = true;
  process.stdout.write("seated\n");
});
socket.on("disconnect", (reason) => {
  cuts++;
  // A server's disconnect is final for Socket.IO's client; a hostile one simply comes back.
  if (reason === "io server disconnect") setTimeout(() => socket.connect(), 50);
});
createInterface({ input: process.stdin }).on("line", (line) => {
  on = line.trim() === "on";
});
setInterval(() => process.stdout.write(`tried ${tried}, sent ${sent}, cut off ${cuts} times\n`), 500);
