/* worker.js — the page's second thread: computer players, hints, exact
 * odds and the analysis of a game, so the page never freezes while they
 * think.  Each request brings the game's journal and the page's
 * language; the worker searches a copy of the game (time stands still in
 * the copy: the page's game keeps the clock) and answers what the C core
 * says (see core.js).  The page plays the move in its own game. */
'use strict';
importScripts('ludoteka.js', 'core.js');

/* The page's compiled core comes first ({ module }): nothing is fetched or
 * compiled here again. */
let gotModule;
const ready = new Promise((resolve) => { gotModule = resolve; }).then(loadLudotekaCore);

self.onmessage = async (event) => {
  if (event.data.module) {
    gotModule(event.data.module);
    return;
  }
  const core = await ready;
  const { id, kind, record, spec, seconds, lang, depth, nodes } = event.data;
  core.setLanguage(lang || 'en');
  let answer = core.load(record, false);
  if (!answer.error) {
    if (kind === 'think') answer = core.think(spec || '', seconds || 0);
    else if (kind === 'odds') answer = core.odds();
    else if (kind === 'analyse') answer = core.analyse(depth || 0, nodes || 0);
    else answer = { error: 'unknown request ' + kind };
  }
  self.postMessage({ id, answer });
};
