/* core.js — the C core (ludoteka.wasm, see web/api.c) behind plain
 * JavaScript functions; loaded by the page and by its worker (worker.js)
 * after ludoteka.js, which defines createLudoteka. */
'use strict';

/* Loads the module; resolves to an object with one method per call of the
 * C API.  Answers are parsed JSON (or text for rules, records, clocks and
 * events). */
async function loadLudotekaCore() {
  const M = await createLudoteka();
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
  const LANG = { en: 0, pl: 1 };

  return {
    games: () => json('web_games'),
    rules: (id, lang) => call('web_rules', [id, LANG[lang]]),
    newGame: (id, options, players, seed, clock, lang) =>
      json('web_new', id, options, players.join(','), String(seed), clock || '', LANG[lang]),
    /* live false: a copy whose time stands still (a room's, the worker's) */
    load: (text, lang, live = true) => json('web_load', text, live ? 1 : 0, LANG[lang]),
    record: () => call('web_record', []),
    info: (lang) => json('web_info', LANG[lang]),
    view: (ply, viewer, flip, lang) => json('web_view', ply, viewer, flip ? 1 : 0, LANG[lang]),
    command: (seat, name, arg, lang) => json('web_command', seat, name, arg || '', LANG[lang]),
    step: (lang) => json('web_step', LANG[lang]),
    tick: (lang) => json('web_tick', LANG[lang]),
    clockText: (ms) => call('web_clock_text', [ms]),
    eventText: (kind, seat, offer, accepted, reason, lang) =>
      call('web_event_text', [kind, seat, offer, accepted ? 1 : 0, reason, LANG[lang]]),
    think: (spec, seconds) => json('web_think', spec, seconds),
    odds: (lang) => json('web_odds', LANG[lang]),
  };
}
