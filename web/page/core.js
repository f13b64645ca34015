/* core.js — the C core (ludoteka.wasm, see web/api.c) behind plain
 * JavaScript functions; loaded by the page and by its worker (worker.js)
 * after ludoteka.js, which defines createLudoteka. */
'use strict';

/* Loads the module; resolves to an object with one method per call of the
 * C API.  Answers are parsed JSON (or text for rules and records). */
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
    newGame: (id, options, players, seed) =>
      json('web_new', id, options, players.join(','), String(seed)),
    load: (text) => json('web_load', text),
    record: () => call('web_record', []),
    info: (lang) => json('web_info', LANG[lang]),
    view: (ply, lang) => json('web_view', ply, LANG[lang]),
    play: (name) => json('web_play', name),
    truncate: (n) => json('web_truncate', n),
    roll: () => json('web_roll'),
    think: (spec, seconds) => json('web_think', spec, seconds),
    odds: (lang) => json('web_odds', LANG[lang]),
  };
}
