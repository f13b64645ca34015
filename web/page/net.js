/* net.js — the page's side of a room on `ludoteka serve`: one WebSocket
 * to /ws, JSON messages (see src/net/server.c), reconnection with the
 * seats' tokens.  Tokens live in localStorage, so a reload or a lost
 * connection gets the seats back. */

import { t } from './i18n.js';

const STORE = 'ludoteka-room-';

/* What an error of the server means to a person, by its code
 * (docs/network.md); the server's own `msg` is for developers, in
 * English, and shown only for a code this page does not know. */
const misunderstood = () => t('The server did not understand this page (reload it).');
const ERRORS = {
  'bad-json': misunderstood,
  'bad-message': misunderstood,
  'too-big': misunderstood,
  'bad-options': () => t('The server does not accept these options.'),
  'bad-seats': () => t('The server does not accept these players.'),
  'bad-clock': () => t('The server does not accept this time control.'),
  'unknown-game': () => t('The server does not know this game.'),
  'unknown-room': () => t('There is no such room on the server (it may have ended).'),
  'no-room': () => t('The server has no place for another room now; try again later.'),
  'room-full': () => t('This room has as many watchers as it can take.'),
  'bad-token': () => t('The link to this seat is not valid any more.'),
  'not-your-turn': () => t('It is not your turn.'),
  'stale': () => t('The game had already moved on.'),
  'illegal': () => t('That is not allowed now.'),
  'game-over': () => t('The game is over.'),
  'limit': () => t('You have made as many rooms as the server allows for now.'),
  'not-logged-in': () => t('Log in first: this is a rated game.'),
  'no-seat': () => t('That seat has been taken.'),
  'rate': () => t('Too many messages at once: the server is slowing this page down.'),
  'too-many-connections': () => t('The server is full; try again later.'),
  'server': () => t('The server ran into a problem.'),
  'moved': () => t('The room is moving to another server; reconnecting…'),
};

/* An `error` message of the server in the reader's words. */
export function serverError(m) {
  return ERRORS[m.code] ? ERRORS[m.code]() : m.msg;
}

/* What this browser knows of a room: its seats' tokens and, for the one
 * who made the room, the invitations to send. */
export function roomKeys(id) {
  try {
    return JSON.parse(localStorage.getItem(STORE + id)) || { seats: {}, invites: {} };
  } catch {
    return { seats: {}, invites: {} };
  }
}

export function saveRoomKeys(id, keys) {
  localStorage.setItem(STORE + id, JSON.stringify(keys));
}

/* The rooms this browser has been in, latest first: [{id, game, time}]. */
export function knownRooms() {
  const rooms = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith(STORE)) continue;
    const keys = roomKeys(key.slice(STORE.length));
    if (keys.game) rooms.push({ id: key.slice(STORE.length), game: keys.game, time: keys.time || 0 });
  }
  return rooms.sort((a, b) => b.time - a.time);
}

export function socketUrl() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/ws`;
}

/* Sends one message on a new connection and resolves with the first
 * answer to it (create). */
export function request(message) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(socketUrl());
    ws.onopen = () => ws.send(JSON.stringify({ ...message, id: 1 }));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.re !== 1) return;
      ws.close();
      resolve(m);
    };
    ws.onerror = () => reject(new Error(t('The server cannot be reached.')));
  });
}

/* A room kept open: joins the seats this browser holds (or watches), and
 * hands every message to onMessage; onState(text) tells how the
 * connection is. */
export class RoomClient {
  constructor(id, onMessage, onState) {
    this.id = id;
    this.onMessage = onMessage;
    this.onState = onState;
    this.closed = false;
    this.delay = 500;
    this.connect();
  }

  connect() {
    this.onState('connecting');
    const ws = new WebSocket(socketUrl());
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.onState('open');
      this.rejoin();
    };
    ws.onmessage = (e) => {
      let m;
      try {
        m = JSON.parse(e.data);
      } catch {
        return;
      }
      this.onMessage(m);
    };
    ws.onclose = () => {
      if (this.closed) return;
      this.onState('lost');
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(this.delay * 2, 5000);
    };
  }

  /* Asks for the room again: every seat we hold, or to watch. */
  rejoin() {
    const keys = roomKeys(this.id);
    const seats = Object.entries(keys.seats);
    if (!seats.length) this.send({ t: 'watch', room: this.id });
    for (const [seat, token] of seats)
      this.send({ t: 'join', room: this.id, seat: Number(seat), token });
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
