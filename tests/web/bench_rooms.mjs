// bench_rooms.mjs — the network's load benchmark (not a test): CLIENTS
// clients in CLIENTS/2 chess rooms (two people each), every player
// answering its turn after THINK ms with the first legal move, for PLIES
// plies a room, against
//   - one `ludoteka serve` on loopback (SQLite, or --db URL), or
//   - with --cluster N, N processes behind HAProxy sharing one PostgreSQL
//     (LT_TEST_PG or --db; scripts/bench_rooms.sh starts a throw-away one).
// Prints the clients held, the moves a second, the time from a move sent
// to the opponent seeing it (median, 99th percentile, worst), and the
// memory (RSS) of every server process.  The clients are spread over
// WORKERS threads (a room's two players in one, where its times are
// compared), so that the clients' side is not what is measured.
// Usage (scripts/bench_rooms.sh raises the open-files limit first):
//   node tests/web/bench_rooms.mjs build/ludoteka [--clients 1000]
//        [--plies 40] [--think 1000] [--db URL] [--cluster N] [--workers 2]
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

/* ---- A worker: its rooms' players ------------------------------------------- */

if (!isMainThread) {
  const { url, rooms, plies: PLIES, think: THINK } = workerData;
  const latencies = [];
  const sentAt = new Map(); /* room:ply -> when the move was sent */
  let moves = 0;
  let refused = 0;
  let finished = 0;
  let held = 0;
  const report = setInterval(() => parentPort.postMessage({ held }), 200);

  const connect = (onMessage) => new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => resolve(ws));
    ws.on('error', reject);
    ws.on('message', (d) => onMessage(JSON.parse(d.toString())));
  });

  /* A room's two players, each playing its own turns; resolves at the
   * end of the game or at PLIES plies. */
  async function room({ id, tokens }, seated) {
    let done;
    const over = new Promise((resolve) => { done = resolve; });
    const players = [];
    for (const seat of [0, 1]) {
      let ws = null;
      const onMessage = (m) => {
        if (m.t === 'move' && seat !== m.by) {
          const key = `${id}:${m.ply}`;
          if (sentAt.has(key)) {
            latencies.push([Date.now(), performance.now() - sentAt.get(key)]);
            sentAt.delete(key);
          }
        }
        if (m.t === 'error') refused++;
        const { to, ply } = m;
        if ((m.t === 'room' || m.t === 'move') && (m.result !== '*' || ply >= PLIES)) {
          if (seat === 0) done();
          return;
        }
        if ((m.t === 'room' || m.t === 'move') && to === seat && m.legal && m.legal.length) {
          /* the player thinks THINK ms: the load the benchmark offers */
          setTimeout(() => {
            sentAt.set(`${id}:${ply + 1}`, performance.now());
            ws.send(JSON.stringify({ t: 'move', ply, name: m.legal[0] }));
            moves++;
          }, THINK);
        }
      };
      try {
        ws = await connect(onMessage);
      } catch {
        refused++;
        continue;
      }
      held++;
      ws.once('close', () => held--);
      players.push(ws);
      ws.send(JSON.stringify({ t: 'join', room: id, seat, token: tokens[seat] }));
    }
    seated();
    if (players.length === 2) {
      await over;
      finished++;
    }
    players.forEach((ws) => ws.close());
  }

  /* the players arrive fifty rooms at a time: the next fifty once the
   * last are seated */
  const all = [];
  for (let i = 0; i < rooms.length; i += 50) {
    const batch = [];
    for (const r of rooms.slice(i, i + 50)) {
      let seated;
      batch.push(new Promise((resolve) => { seated = resolve; }));
      all.push(room(r, seated));
    }
    await Promise.all(batch);
  }
  parentPort.postMessage({ held, seatedAt: Date.now() });
  await Promise.all(all);
  clearInterval(report);
  parentPort.postMessage({ held, latencies, moves, refused, finished });
  process.exit(0);
}

/* ---- The main thread: servers, rooms, figures ---------------------------------- */

const fs = await import('node:fs');
const { startHaproxy, startServer, stopServer, rssKiB, tempDir } = await import('./lib.mjs');
const dirs = [];
const temp = (prefix) => {
  dirs.push(tempDir(prefix));
  return dirs[dirs.length - 1];
};
const args = process.argv.slice(2);
const exe = args[0];
const opt = (name, def) => {
  const i = args.indexOf('--' + name);
  return i > 0 ? args[i + 1] : def;
};
const CLIENTS = Number(opt('clients', 1000));
const PLIES = Number(opt('plies', 40));
const THINK = Number(opt('think', 1000));
const CLUSTER = Number(opt('cluster', 0));
const WORKERS = Math.max(1, Number(opt('workers', 2)));
const ROOMS = Math.floor(CLIENTS / 2);
const db = opt('db', CLUSTER ? process.env.LT_TEST_PG : null);
if (CLUSTER && !db) {
  console.error('bench_rooms: --cluster needs a PostgreSQL (--db URL, or scripts/bench_rooms.sh starts one)');
  process.exit(2);
}

/* each process takes every client if it must (HAProxy may send them all
 * to one); the clients all come from one address */
const limits = ['--max-connections', String(CLIENTS + 64), '--max-per-ip', String(CLIENTS + 64),
  '--max-rooms', String(ROOMS + 16), '--rooms-per-hour', String(ROOMS + 16),
  '--rooms-each', String(ROOMS + 16),
  '--rate', '200', '--idle-seconds', '120', ...(db ? ['--db', db] : []),
  ...(CLUSTER ? ['--proxy', '127.0.0.1'] : [])];
const servers = [];
servers.push(...await Promise.all([...Array(Math.max(1, CLUSTER)).keys()].map((i) =>
  startServer(exe, temp('lt-bench-'), [...limits, ...(CLUSTER ? ['--node', `n${i + 1}`] : [])]))));
const proxy = CLUSTER
  ? await startHaproxy(temp('lt-bench-haproxy-'),
    servers.map((s, i) => ({ name: `n${i + 1}`, port: s.port })), CLIENTS + 64)
  : null;
const port = proxy ? proxy.port : servers[0].port;
const url = `ws://127.0.0.1:${port}/ws`;

/* A room made on its own connection (behind HAProxy: on the next
 * process in turn, which owns it). */
function create() {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on('open', () => ws.send(JSON.stringify({ t: 'create', game: 'chess', seats: ['human', 'human'], id: 1 })));
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString());
      ws.close();
      resolve(m.t === 'created' ? { id: m.room, tokens: m.tokens } : null);
    });
    ws.on('error', () => resolve(null));
    ws.on('close', () => resolve(null));
  });
}

/* CPU time a process has used (user + system), in seconds: whether the
 * clients' side or the servers' was the busy one */
const cpuSeconds = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
const cpuPids = [...servers.map((s) => s.proc.pid), ...(proxy ? [proxy.proc.pid] : [])];
const cpu0 = cpuPids.map(cpuSeconds);
const clientCpu0 = process.cpuUsage();

const started = performance.now();
const startedWall = Date.now();
const made = [];
let refused = 0;
for (let i = 0; i < ROOMS; i += 50) {
  for (const r of await Promise.all(Array.from({ length: Math.min(50, ROOMS - i) }, create))) {
    if (r) made.push(r);
    else refused++;
  }
}
const madeIn = (performance.now() - started) / 1000;

const peakRss = servers.map(() => 0);
const sampler = setInterval(() => servers.forEach((s, i) => {
  peakRss[i] = Math.max(peakRss[i], rssKiB(s.proc.pid));
}), 250);
const heldNow = new Array(WORKERS).fill(0);
let allSeated = 0; /* when the last player was seated (Date.now()) */
let peakHeld = 0;
const results = await Promise.all(Array.from({ length: WORKERS }, (_, w) => new Promise((resolve, reject) => {
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { url, rooms: made.filter((_, k) => k % WORKERS === w), plies: PLIES, think: THINK },
  });
  worker.on('message', (m) => {
    heldNow[w] = m.held;
    if (m.seatedAt) allSeated = Math.max(allSeated, m.seatedAt);
    peakHeld = Math.max(peakHeld, heldNow.reduce((a, b) => a + b, 0));
    if (m.latencies) resolve(m);
  });
  worker.on('error', reject);
})));
clearInterval(sampler);
const cpu = cpuPids.map((pid, i) => cpuSeconds(pid) - cpu0[i]);
const clientCpu = process.cpuUsage(clientCpu0);
const seconds = (performance.now() - started) / 1000;
const timed = results.flatMap((r) => r.latencies);
const latencies = timed.map(([, ms]) => ms).sort((a, b) => a - b);
/* the 99th percentile in each 10 s of the run: a start-up, a steady state
 * or stalls */
const windows = [];
for (const [when, ms] of timed) {
  const w = Math.floor((when - startedWall) / 10000);
  (windows[w] = windows[w] || []).push(ms);
}
const p99 = (xs) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))];
const moves = results.reduce((a, r) => a + r.moves, 0);
const finished = results.reduce((a, r) => a + r.finished, 0);
refused += results.reduce((a, r) => a + r.refused, 0);
const at = (q) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : NaN);
console.log(CLUSTER
  ? `set-up: ${CLUSTER} processes behind HAProxy, PostgreSQL`
  : `set-up: one process, ${db ? 'PostgreSQL' : 'SQLite'}`);
console.log(`clients ${CLIENTS} (held at once: ${peakHeld}), rooms ${ROOMS} (made ${made.length} in ${madeIn.toFixed(1)} s, finished ${finished}), ${PLIES} plies a room, ${THINK} ms a move, ${WORKERS} client threads`);
console.log(`moves ${moves} in ${seconds.toFixed(1)} s: ${(moves / seconds).toFixed(0)} a second; refused ${refused}`);
console.log(`move to opponent: median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, worst ${at(1).toFixed(1)} ms (${latencies.length} moves)`);
const steady = timed.filter(([when]) => when >= allSeated).map(([, ms]) => ms);
console.log(`once all are seated (after ${((allSeated - startedWall) / 1000).toFixed(1)} s): ` +
  `median ${steady.length ? [...steady].sort((a, b) => a - b)[Math.floor(steady.length / 2)].toFixed(1) : NaN} ms, ` +
  `p99 ${steady.length ? p99(steady).toFixed(1) : NaN} ms (${steady.length} moves)`);
console.log(`p99 by 10 s: ${windows.map((xs, i) => (xs ? `${i * 10}s ${p99(xs).toFixed(0)}` : '')).filter(Boolean).join(', ')} ms`);
console.log(`server RSS (peak): ${servers.map((s, i) => `${CLUSTER ? `n${i + 1} ` : ''}${(peakRss[i] / 1024).toFixed(1)} MiB`).join(', ')}`);
console.log(`CPU seconds: ${servers.map((s, i) => `${CLUSTER ? `n${i + 1}` : 'server'} ${cpu[i].toFixed(1)}`).join(', ')}` +
  `${proxy ? `, HAProxy ${cpu[servers.length].toFixed(1)}` : ''}, clients ${((clientCpu.user + clientCpu.system) / 1e6).toFixed(1)}` +
  ` (${seconds.toFixed(1)} s on ${(await import('node:os')).cpus().length} cores)`);
/* a server HAProxy found down refused the clients sent its way meanwhile */
const downs = proxy ? proxy.stderr().split('\n').filter((l) => / is (DOWN|UP)/.test(l)) : [];
if (downs.length) console.log(`HAProxy: ${downs.map((l) => l.replace(/^.*Server /, '').replace(/\. .*$/, '')).join('; ')}`);
if (proxy) proxy.proc.kill('SIGTERM');
for (const s of servers) await stopServer(s);
for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
