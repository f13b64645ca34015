/* core.js — the C core (ludoteka.wasm, see web/api.c) behind plain
 * JavaScript functions; loaded by the page and by its worker (worker.js)
 * after ludoteka.js, which defines createLudoteka.
 *
 * The page fetches and compiles the WebAssembly once (ludotekaModule) and
 * posts the compiled module to its worker, which only instantiates it: one
 * download, one compilation.  (The build gives the file a name with a
 * digest of its content, web/publish.cmake.) */
'use strict';

const LUDOTEKA_WASM = 'ludoteka.wasm';
let ludotekaCompiled = null;

/* The compiled WebAssembly.Module, fetched and compiled on the first call
 * (compiled as it downloads where the browser can). */
function ludotekaModule() {
  const whole = () => fetch(LUDOTEKA_WASM).then((r) => r.arrayBuffer())
    .then((bytes) => WebAssembly.compile(bytes));
  if (!ludotekaCompiled) {
    /* (a server that does not say application/wasm: the bytes again) */
    ludotekaCompiled = typeof WebAssembly.compileStreaming === 'function'
      ? WebAssembly.compileStreaming(fetch(LUDOTEKA_WASM)).catch(whole) : whole();
  }
  return ludotekaCompiled;
}
/* The page starts the download now, while its modules load. */
if (typeof document !== 'undefined') ludotekaModule();

/* Loads the core from a compiled module (the page's own when none is
 * given); resolves to an object with one method per call of the C API.
 * Answers are parsed JSON (or text for rules, records, clocks and
 * events). */
async function loadLudotekaCore(module) {
  const compiled = module || await ludotekaModule();
  const M = await createLudoteka({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(compiled, imports).then((instance) => receive(instance, compiled));
      return {}; /* the exports come later, through receive */
    },
  });
  M._web_init();

  /* Strings go in through the C heap (records may be long for the
   * stack); answers come back as text the next call overwrites. */
  function call(name, args) {
    const ptrs = [];
    const values = args.map((a) => {
      if (typeof a !== 'string') return a;
      const n = M.lengthBytesUTF8(a) + 1;
      const p = M._malloc(n);
      M.stringToUTF8(a, p, n);
      ptrs.push(p);
      return p;
    });
    try {
      return M.UTF8ToString(M['_' + name](...values));
    } finally {
      ptrs.forEach((p) => M._free(p));
    }
  }
  const json = (name, ...args) => JSON.parse(call(name, args));

  return {
    /* the language of every word from now on; the code chosen */
    setLanguage: (code) => call('web_set_language', [code]),
    languages: () => json('web_languages'),
    gettext: (msgid) => call('web_gettext', [msgid]),
    ngettext: (one, many, n) => call('web_ngettext', [one, many, n]),
    pgettext: (context, msgid) => call('web_pgettext', [context, msgid]),
    formatNumber: (x, decimals) => call('web_format_number', [x, decimals]),
    games: () => json('web_games'),
    rules: (id) => call('web_rules', [id]),
    newGame: (id, options, players, seed, clock) =>
      json('web_new', id, options, players.join(','), String(seed), clock || ''),
    /* live false: a copy whose time stands still (a room's, the worker's) */
    load: (text, live = true) => json('web_load', text, live ? 1 : 0),
    record: () => call('web_record', []),
    info: () => json('web_info'),
    view: (ply, viewer, flip) => json('web_view', ply, viewer, flip ? 1 : 0),
    command: (seat, name, arg) => json('web_command', seat, name, arg || ''),
    step: () => json('web_step'),
    tick: () => json('web_tick'),
    clockText: (ms) => call('web_clock_text', [ms]),
    eventText: (kind, seat, offer, accepted, reason) =>
      call('web_event_text', [kind, seat, offer, accepted ? 1 : 0, reason]),
    think: (spec, seconds) => json('web_think', spec, seconds),
    odds: () => json('web_odds'),
    /* every move judged (depth, nodes: 0 for the game's default) */
    analyse: (depth, nodes) => json('web_analyse', depth, nodes),
  };
}
