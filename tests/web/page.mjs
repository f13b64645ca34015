// page.mjs — what the browser tests do on the page: open it with its
// console errors collected, read the board's attributes (the legal moves,
// the ply, who is to act), wait for the page's own changes, never for a
// fixed time.

/* A page whose console errors are collected (page.errors). */
export async function openPage(context, url, timeout = 20000) {
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  page.errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') page.errors.push(m.text());
  });
  page.on('pageerror', (e) => page.errors.push(e.message));
  if (url) await page.goto(url);
  return page;
}

/* One of the board's data- attributes: moves, ply, to, pos, viewer. */
export const board = (page, key) => page.getAttribute('#board-host', 'data-' + key);
export const ply = async (page) => Number(await board(page, 'ply'));
export const legalMoves = async (page) => JSON.parse((await board(page, 'moves')) || '[]');

/* Waits until the board shows more than `n` actions, or the game ends. */
export function waitPly(page, n) {
  return page.waitForFunction((k) => {
    const b = document.querySelector('#board-host');
    return b && (Number(b.dataset.ply) > k || b.dataset.to === '-2');
  }, n);
}

/* Waits until one of `seats` has moves here (or the game is over). */
export function waitTurn(page, seats) {
  return page.waitForFunction((mine) => {
    const b = document.querySelector('#board-host');
    if (!b || !b.dataset.to) return false;
    return b.dataset.to === '-2' || (mine.includes(Number(b.dataset.to)) && b.dataset.moves !== '[]');
  }, seats, { timeout: 60000 });
}

/* How far the page is wider than its window (0: no sideways scrolling). */
export const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
