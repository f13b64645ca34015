// bench_rooms.mjs — the network's load benchmark (not a test): one
// `ludoteka serve` on loopback, CLIENTS clients in CLIENTS/2 chess rooms
// (two people each), every player answering its turn after THINK ms with
// the first legal move, for PLIES plies a room.  Prints the clients held,
// the moves a second, the time from a move sent to the opponent seeing it
// (median, 99th percentile, worst), and the server's memory (RSS).
// Usage (scripts/bench_rooms.sh raises the open-files limit first):
//   node tests/web/bench_rooms.mjs build/ludoteka [--clients 1000]
//        [--plies 40] [--think 1000] [--db URL]
import WebSocket from 'ws';
import { startServer, stopServer, rssKiB, tempDir } from './lib.mjs';

const args = process.argv.slice(2);
const exe = args[0];
const opt = (name, def) => {
  const i = args.indexOf('--' + name);
  return i > 0 ? args[i + 1] : def;
};
const CLIENTS = Number(opt('clients', 1000));
const PLIES = Number(opt('plies', 40));
const THINK = Number(opt('think', 1000));
const ROOMS = Math.floor(CLIENTS / 2);
const db = opt('db', null);

const server = await startServer(exe, tempDir('lt-bench-'), [
  '--max-connections', String(CLIENTS + 64), '--max-per-ip', String(CLIENTS + 64),
  '--max-rooms', String(ROOMS + 16), '--rooms-per-hour', String(ROOMS + 16),
  '--rate', '200', '--idle-seconds', '120', ...(db ? ['--db', db] : [])]);
const url = `ws://127.0.0.1:${server.port}/ws`;

/* One connection: messages handed to onMessage, sends as JSON. */
function connect(onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { Origin: `http://127.0.0.1:${server.port}` } });
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
    ws.on('message', (d) => onMessage(JSON.parse(d.toString())));
  });
}

const latencies = [];
const sentAt = new Map(); /* room:ply -> when the move was sent */
let moves = 0;
let refused = 0;
let finished = 0;
let held = 0;
let peakHeld = 0;

/* A room: made by its first player, joined by both; each plays its own
 * turns. */
async function room(seated) {
  let creator = null;
  let made;
  try {
    made = await new Promise((resolve, reject) => {
      connect((m) => { if (m.re === 1) resolve(m); }).then((ws) => {
        creator = ws;
        ws.send(JSON.stringify({ t: 'create', game: 'chess', seats: ['human', 'human'], id: 1 }));
        ws.once('close', () => reject(new Error('closed while making a room')));
      }, reject);
    });
  } catch {
    refused++;
    seated();
    return;
  }
  creator.close();
  if (made.t !== 'created') {
    refused++;
    seated();
    return;
  }
  let done;
  const over = new Promise((resolve) => { done = resolve; });
  const players = [];
  for (const seat of [0, 1]) {
    let ws = null;
    const onMessage = (m) => {
      if (m.t === 'move' && seat !== m.by) {
        const key = `${made.room}:${m.ply}`;
        if (sentAt.has(key)) {
          latencies.push(performance.now() - sentAt.get(key));
          sentAt.delete(key);
        }
      }
      if (m.t === 'error') refused++;
      const to = m.to;
      const ply = m.ply;
      if ((m.t === 'room' || m.t === 'move') && (m.result !== '*' || ply >= PLIES)) {
        if (seat === 0) done();
        return;
      }
      if ((m.t === 'room' || m.t === 'move') && to === seat && m.legal && m.legal.length) {
        /* the player thinks THINK ms: the load the benchmark offers */
        setTimeout(() => {
          sentAt.set(`${made.room}:${ply + 1}`, performance.now());
          ws.send(JSON.stringify({ t: 'move', ply, name: m.legal[0] }));
          moves++;
        }, THINK);
      }
    };
    ws = await connect(onMessage);
    held++;
    peakHeld = Math.max(peakHeld, held);
    ws.once('close', () => held--);
    players.push(ws);
    ws.send(JSON.stringify({ t: 'join', room: made.room, seat, token: made.tokens[seat] }));
  }
  seated();
  await over;
  finished++;
  players.forEach((ws) => ws.close());
}

const started = performance.now();
/* the rooms made fifty at a time, as players arrive: the next fifty once
 * the last are seated */
const all = [];
for (let i = 0; i < ROOMS; i += 50) {
  const batch = [];
  for (let k = i; k < Math.min(ROOMS, i + 50); k++) {
    let seated;
    batch.push(new Promise((r) => { seated = r; }));
    all.push(room(seated));
  }
  await Promise.all(batch);
}
let peakRss = 0;
const sampler = setInterval(() => { peakRss = Math.max(peakRss, rssKiB(server.proc.pid)); }, 250);
await Promise.all(all);
clearInterval(sampler);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : NaN);
console.log(`clients ${CLIENTS} (held at once: ${peakHeld}), rooms ${ROOMS} (finished ${finished}), ${PLIES} plies a room, ${THINK} ms a move`);
console.log(`moves ${moves} in ${seconds.toFixed(1)} s: ${(moves / seconds).toFixed(0)} a second; refused ${refused}`);
console.log(`move to opponent: median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, worst ${at(1).toFixed(1)} ms (${latencies.length} moves)`);
console.log(`server RSS: peak ${(peakRss / 1024).toFixed(1)} MiB${db ? ' (PostgreSQL)' : ' (SQLite)'}`);
await stopServer(server);
process.exit(0);
