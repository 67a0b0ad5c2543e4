import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findBuiltinBot } from '../../bots/registry.js';
import type { GameRecord } from '../../src/core/record.js';
import { servedConfig } from '../../src/server/served-game.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src/server/server.js';
// @ts-expect-error: the build script is plain JavaScript, without declarations.
import { buildClient } from '../../src/client/build.mjs';
import { seedKey, Sfc32 } from '../../src/core/rng.js';
import { clueGame } from '../../src/games/clue/game.js';
import type { ClueState } from '../../src/games/clue/state.js';
import { openReferee } from '../../src/referee/referee.js';
import { randomAction } from '../../src/server/random-client.js';
import { replayedState, ScriptedClient } from '../server/helpers.js';
import { awaitPrompt, decide, perform, type Accusation, type Decision } from './human-player.js';

const CHROMIUM = '/usr/bin/chromium';
/** Enough prompts for any game the table can play (the engine caps Clue-Less turns well below). */
const MAX_PROMPTS = 600;

interface Watched {
  readonly page: Page;
  /** Console errors, uncaught exceptions and Content-Security-Policy violations: none is expected. */
  readonly problems: string[];
}

const work = mkdtempSync(join(tmpdir(), 'parlor-client-'));
const shots = join(work, 'screenshots');
let server: RunningServer;
/** A second server: a person has 3 s to act (--turn-time), pages of another site may connect (--allow-origin), and wrong accusers leave (--set). */
let timed: RunningServer;
/** Another site on loopback (Chromium lets no public page reach a loopback address at all): a blank page. */
let otherSite: Server;
let otherOrigin: string;
let browser: Browser;
let network: Relay;

interface Relay {
  readonly url: string;
  /** Cuts every connection through the relay, as a network drop does. */
  cut(): void;
  close(): Promise<void>;
}

/** A TCP relay in front of the server: the pages load and connect through it, so the test can drop their connections. */
async function relay(port: number): Promise<Relay> {
  const sockets = new Set<Socket>();
  const keep = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const listener = createServer((inbound) => {
    const outbound = connect(port, '127.0.0.1');
    keep(inbound);
    keep(outbound);
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const cut = (): void => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    url: `http://127.0.0.1:${(listener.address() as AddressInfo).port}/`,
    cut,
    close: () => new Promise<void>((resolve) => (cut(), listener.close(() => resolve()))),
  };
}

const randomBot = findBuiltinBot('clue', 'random');

/**
 * The case file of a server's first game: its deal follows from the server's seed (game 1 of it),
 * so the test can tell it to the scripted person, who would otherwise play on for a couple of
 * hundred actions until the deduction grid is certain against System Players that suggest at random.
 */
function firstCaseFile(seed: string, players: number): Accusation {
  let caseFile: Accusation | null = null;
  openReferee({
    game: clueGame,
    variant: 'clueless',
    config: servedConfig(),
    seed,
    key: seedKey(seed),
    index: 1,
    seats: Array.from({ length: players }, (_, i) => ({ name: `seat ${i}`, label: 'person', bot: null })),
    onStart: (state) => (caseFile = { ...(state as ClueState).caseFile }),
  });
  return caseFile!;
}

/** A server for the pages, on a free loopback port, serving the client built for the test. */
function serve(options: Pick<ServerOptions, 'countdownSeconds' | 'turnSeconds' | 'fillWith' | 'allowOrigins' | 'recordsDir' | 'seed'> & Partial<Pick<ServerOptions, 'config'>>): Promise<RunningServer> {
  return startServer({ port: 0, host: '127.0.0.1', graceSeconds: 8, fillTo: 3, takeover: randomBot, maxMessageBytes: 4096, rate: 20, maxConnections: 100, maxPerIp: 50, clientDir: join(work, 'client'), ...options });
}

beforeAll(async () => {
  await buildClient(join(work, 'client'));
  server = await serve({ countdownSeconds: 3, turnSeconds: 0, fillWith: null, allowOrigins: [], recordsDir: join(work, 'records'), seed: 'client-test' });
  otherSite = createHttpServer((_request, response) => response.end('<!doctype html><title>another site</title>'));
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
  timed = await serve({ countdownSeconds: 2, turnSeconds: 3, fillWith: randomBot, allowOrigins: [otherOrigin], recordsDir: join(work, 'records-timed'), seed: 'client-test-timed', config: servedConfig({ wrongAccuser: 'leaves' }) });
  network = await relay(server.port);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await network?.close();
  await server?.close();
  await timed?.close();
  await new Promise((resolve) => (otherSite === undefined ? resolve(undefined) : otherSite.close(resolve)));
  if (process.env['PARLOR_KEEP_SCREENSHOTS'] === undefined) rmSync(work, { recursive: true, force: true });
});

/** A page of its own (its own storage), watched for errors; `token`: a seat's token already in the tab's storage, as after a reload. */
async function open(viewport = { width: 1200, height: 1000 }, token?: string, url = network.url): Promise<Watched> {
  const context = await browser.newContext({ viewport });
  if (token !== undefined) await context.addInitScript((held) => sessionStorage.setItem('parlor.token', held), token);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`)),
  );
  const response = await page.goto(url);
  // The page runs under the server's policy (src/server/static-files.ts): nothing inline, no framing.
  expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  return { page, problems };
}

async function joinGame(page: Page, name: string): Promise<void> {
  await page.fill('#name', name);
  await page.click('form.join button[type="submit"]');
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

async function texts(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (all) => all.map((element) => element.textContent ?? ''));
}

// CI installs Debian's chromium (.ci/run), so there a missing browser fails instead of skipping.
describe.runIf(existsSync(CHROMIUM) || process.env['CI'] !== undefined)('the Clue-Less client in a real browser', () => {
  test('three pages join; one person plays a whole game by clicking while System Players take the other seats', async () => {
    const ann = await open();
    const bob = await open();
    const cid = await open({ width: 390, height: 844 });
    const seen: Decision[] = [];
    try {
      // C.4: connect, join, queue, countdown, start.
      await joinGame(ann.page, 'Ann');
      await ann.page.waitForSelector('.queue');
      expect(await ann.page.textContent('.queue')).toContain('You are number 1 in the queue');
      await shoot(ann.page, '1-queued');
      // Leaving the queue and joining again.
      await ann.page.click('button.leave');
      await ann.page.waitForSelector('form.join');
      // A server playing Clue-Less's own rules names no house rules.
      expect(await ann.page.locator('.house-rules').count()).toBe(0);
      await ann.page.click('form.join button[type="submit"]');
      await ann.page.waitForSelector('.queue');
      expect(await ann.page.textContent('#whoami')).toBe('Ann');
      await joinGame(bob.page, 'Bob');
      await joinGame(cid.page, '<b>Cid</b>');
      await ann.page.waitForSelector('.countdown');
      expect(await ann.page.textContent('.countdown')).toMatch(/^Starting in [0-3] s with Ann, Bob, <b>Cid<\/b>\.$/);
      for (const { page } of [ann, bob, cid]) await page.waitForSelector('.board', { timeout: 15_000 });
      await ann.page.waitForSelector('#hand .card');

      // C.7: the board, my cards, the table, my notebook.
      expect(await ann.page.locator('.board .cell.room').count()).toBe(9);
      expect(await ann.page.locator('.board .cell.hallway').count()).toBe(12);
      expect(await ann.page.locator('.board .cell.home').count()).toBe(6);
      expect(await ann.page.locator('.board .pawn').count()).toBe(6);
      expect(await ann.page.locator('.board .weapon').count()).toBe(6);
      // Every hallway is labelled with its rooms; Mrs. White's home is outlined in a colour that shows on the paper.
      expect(await ann.page.locator('.board .hallway-name').count()).toBe(12);
      expect(await ann.page.$eval(`.cell.home[data-node="Mrs. White's home"]`, (home) => getComputedStyle(home).borderTopColor)).not.toBe('rgb(244, 244, 244)');
      // Weapon labels stay readable on a phone.
      expect(Number.parseFloat(await cid.page.$eval('.board .weapon', (weapon) => getComputedStyle(weapon).fontSize))).toBeGreaterThanOrEqual(10);
      const hand = await texts(ann.page, '#hand .card');
      expect(hand).toHaveLength(6);
      expect(await texts(ann.page, '.log li')).toEqual([`My cards: ${hand.join(', ')}.`]);
      // A name is shown as text, never read as HTML.
      expect(await texts(ann.page, '.seats tbody td:first-child')).toEqual(['Ann (you)', 'Bob', '<b>Cid</b>']);
      expect(await ann.page.textContent('#whoami')).toBe('Ann, playing Miss Scarlet');
      // The deduction grid (optional): off until asked for; then my own cards are certain.
      expect(await ann.page.locator('.grid').count()).toBe(0);
      await ann.page.click('#aid');
      for (const card of hand) expect(await ann.page.getAttribute(`.grid tr[data-card="${card}"] td:first-of-type`, 'class')).toBe('yes');
      await shoot(cid.page, '2-narrow-start');

      // Bob leaves through the client, which asks first: staying keeps the seat; confirming gives
      // it to a System Player at once. Cid's page is closed: his seat is held for the grace period,
      // then a System Player takes it.
      await bob.page.click('button.leave');
      await bob.page.click('button.cancel-leave');
      await bob.page.click('button.leave');
      expect(await bob.page.textContent('#seats .confirm p')).toBe('Leave the game? A System Player plays your seat to the end, and you cannot come back to it.');
      expect(await ann.page.textContent('.seats tbody tr[data-seat="1"]')).toContain('person');
      await bob.page.click('button.confirm-leave');
      await bob.page.waitForSelector('form.join');
      const cidToken = (await cid.page.evaluate(() => sessionStorage.getItem('parlor.token')))!;
      expect(cidToken).toMatch(/^[\w-]{20,}$/);
      await cid.page.context().close();
      await ann.page.waitForFunction(() => document.querySelector('#notices')?.textContent?.includes('Bob') === true);

      let prompts = 0;
      /** Seen while prompted: the board marked what the latest update moved. */
      let markedMoves = false;
      let reloaded = false;
      let dropped = false;
      let late: Watched | null = null;
      const answer = firstCaseFile('client-test', 3);
      while (await awaitPrompt(ann.page, 60_000)) {
        if (++prompts > MAX_PROMPTS) throw new Error(`no end after ${MAX_PROMPTS} prompts; decisions: ${JSON.stringify(seen.slice(-20))}`);
        if (!dropped && seen.length === 6) {
          // The network drops while I am to act: the page reconnects on its own, takes the seat
          // back with its token, and is prompted again.
          dropped = true;
          network.cut();
          await ann.page.waitForFunction(() => document.querySelector('#connection')?.textContent === 'offline');
          expect(await ann.page.evaluate(() => document.body.dataset['myTurn'])).toBe('false');
          continue;
        }
        if (late === null && (await ann.page.textContent('.seats tbody tr[data-seat="2"]'))!.includes('System Player')) {
          // Cid comes back after his grace period: the seat is a System Player's now, and his page says so and offers a new game.
          late = await open(undefined, cidToken);
          await late.page.waitForSelector('form.join');
          expect(await texts(late.page, '#notices li.error')).toEqual(['the seat of this token was given to a System Player (you left, or the grace period ended): join the queue for a new game']);
          expect(await late.page.evaluate(() => sessionStorage.getItem('parlor.token'))).toBeNull();
        }
        markedMoves ||= (await ann.page.locator('.board .pawn.moved, .board .weapon.moved').count()) > 0;
        // Once every kind of action a turn has was made and Cid's seat was given away, the person is told the case file.
        const kinds = new Set(seen.map((d) => d.kind));
        const done = late !== null && ['move', 'suggest', 'show', 'pass'].every((kind) => kinds.has(kind as Decision['kind']));
        const decision = await decide(ann.page, done ? answer : null);
        if (decision.kind === 'show' && !seen.some((d) => d.kind === 'show')) await shoot(ann.page, '3-disprove');
        if (decision.kind === 'suggest' && !seen.some((d) => d.kind === 'suggest')) await shoot(ann.page, '3-suggest');
        seen.push(decision);
        await perform(ann.page, decision);
        if (!reloaded && seen.length === 3) {
          // Reload mid-game: the page takes its seat back with the token it kept, and the whole notebook.
          reloaded = true;
          const lines = await texts(ann.page, '.log li');
          await ann.page.reload();
          await ann.page.waitForSelector('#hand .card');
          await ann.page.waitForFunction((count) => document.querySelectorAll('.log li').length >= count, lines.length);
          expect(await texts(ann.page, '#hand .card')).toEqual(hand);
          expect((await texts(ann.page, '.log li')).slice(-lines.length)).toEqual(lines);
          await ann.page.waitForSelector('.grid');
        }
      }
      expect(dropped).toBe(true);
      expect(late).not.toBeNull();
      await ann.page.waitForSelector('.game-over');
      await shoot(ann.page, '4-game-over');
      expect(markedMoves).toBe(true);
      // The end is said once, by the heading: the status line makes way for it.
      expect(await ann.page.textContent('#status')).toBe('');
      // The log adds to the spec's lines what a player deduces from: who could not disprove, what a suggestion moved.
      const details = await texts(ann.page, '.log .detail');
      expect(details.length).toBeGreaterThan(0);
      for (const detail of details) expect(detail).toMatch(/ could not disprove it\.$| was moved from .+ to the .+\.$/);
      expect((await texts(ann.page, '.log li')).some((line) => / ended (the|my) turn\.$/.test(line))).toBe(true);
      expect((await texts(ann.page, '.log li')).some((line) => / passed (the|my) turn\./.test(line))).toBe(false);
      expect(await ann.page.locator('button.leave').count()).toBe(0);

      // The game the page shows is the one the server saved, and Ann's clicks are its seat 0's actions.
      const files = readdirSync(join(work, 'records')).filter((file) => file.endsWith('.json'));
      expect(files).toHaveLength(1);
      const record = JSON.parse(readFileSync(join(work, 'records', files[0]!), 'utf8')) as GameRecord;
      expect(record.seats.map((seat) => seat.bot)).toEqual(['person', 'person then random', 'person then random']);
      const mine = record.steps.filter((step) => step.seat === 0 && !('forfeit' in step)).map((step) => (step as { action: { type: string } }).action);
      expect(mine.map((action) => action.type)).toEqual(seen.map((decision) => decision.kind));
      const state = replayedState(record);
      const caseFile = state.caseFile as unknown as { suspect: string; weapon: string; room: string };
      expect(await ann.page.textContent('.case-file')).toBe(`It was ${caseFile.suspect} with the ${caseFile.weapon} in the ${caseFile.room}.`);
      const winner = record.outcome!.winners[0];
      expect(await ann.page.textContent('.game-over')).toBe(`Game over: ${winner === 0 ? 'You solved the case!' : winner === undefined ? 'Nobody solved the case.' : `${record.seats[winner]!.name} solved the case.`}`);
      // Every kind of action a turn has was made through the page (C.5), the accusation last.
      expect(new Set(seen.map((decision) => decision.kind))).toEqual(new Set(['move', 'suggest', 'show', 'pass', 'accuse']));
      expect(seen.at(-1)!.kind).toBe('accuse');
      expect(winner).toBe(0);
      expect(await texts(ann.page, '#notices li.error')).toEqual([]);
      // After the end the page may join the next game.
      await ann.page.click('form.join button[type="submit"]');
      await ann.page.waitForSelector('.queue');
      expect(await ann.page.textContent('.queue')).toContain('You are number 1 in the queue');
      for (const { problems } of [ann, bob, cid, late!]) expect(problems).toEqual([]);
      console.log(`screenshots: ${shots} (kept with PARLOR_KEEP_SCREENSHOTS=1); ${seen.length} actions by the person`);
    } finally {
      await browser.contexts().reduce((done, context) => done.then(() => context.close()), Promise.resolve());
    }
  }, 240_000);

  test('a page of another protocol version says so and does not play; a page of another site cannot open the WebSocket unless allowed', async () => {
    try {
      // The server's hello is answered by a stand-in speaking protocol version 2.
      const context = await browser.newContext();
      const page = await context.newPage();
      let sockets = 0;
      const sent: string[] = [];
      await page.routeWebSocket(/\/ws$/, (socket) => {
        sockets++;
        socket.onMessage((message) => sent.push(String(message)));
        socket.send(JSON.stringify({ type: 'hello', protocol: 2, game: 'clue', variant: 'clueless', players: [3, 6], countdownSeconds: 15, graceSeconds: 30, limits: { maxMessageBytes: 4096, messagesPerSecond: 20, burst: 40 } }));
      });
      await page.goto(network.url);
      await page.waitForSelector('.incompatible');
      expect(await page.textContent('.incompatible')).toBe('This page cannot play on this server');
      expect(await page.textContent('#lobby p')).toBe("The server speaks version 2 of the game protocol; this page speaks version 1. Reload the page to get the server's own client (clear the browser's cache if this stays).");
      expect(await page.locator('form.join').count()).toBe(0);
      expect(await page.textContent('#connection')).toBe('offline');
      await shoot(page, '5-incompatible');
      // Longer than the page's first pause before reconnecting: it neither spoke nor came back.
      await page.waitForTimeout(1500);
      expect({ sockets, sent }).toEqual({ sockets: 1, sent: [] });

      // A page of another site: the first server refuses its upgrade; the second lets it in (--allow-origin).
      const other = await context.newPage();
      await other.goto(otherOrigin);
      const tryOpen = (url: string) =>
        other.evaluate(
          (target) =>
            new Promise<string>((resolve) => {
              const socket = new WebSocket(target);
              socket.onmessage = (event) => (resolve(`open: ${JSON.parse(String(event.data)).type}`), socket.close());
              socket.onclose = (event) => resolve(`closed ${event.code}`);
            }),
          url,
        );
      const connections = server.status().connections;
      expect(await tryOpen(`ws://127.0.0.1:${server.port}/ws`)).toBe('closed 1006');
      expect(server.status().connections).toBe(connections);
      expect(await tryOpen(`ws://127.0.0.1:${timed.port}/ws`)).toBe('open: hello');
    } finally {
      await browser.contexts().reduce((done, context) => done.then(() => context.close()), Promise.resolve());
    }
  }, 60_000);

  test('a person who does not act within --turn-time sees that a System Player took the seat, watches, and can join a new game', async () => {
    const dee = await open(undefined, undefined, timed.url);
    // The lobby names the rules this server plays otherwise than Clue-Less (its hello's), and only those.
    await dee.page.waitForSelector('form.join');
    expect(await texts(dee.page, '.house-rules li')).toEqual(['A wrong accuser leaves the game, its cards kept secret.']);
    // Eve, a program at the same table, plays random actions a little slowly, so the game goes on while Dee watches.
    const eve = await ScriptedClient.connect(`ws://127.0.0.1:${timed.port}/ws`);
    const rng = new Sfc32(7, 0x9e3779b9, 49, 1);
    let evePlays = true;
    try {
      await joinGame(dee.page, 'Dee');
      await dee.page.waitForSelector('.queue, .countdown');
      eve.send({ type: 'join', name: 'Eve' });
      const eveStart = await eve.next('start', () => true, 15_000);
      const eveLoop = (async () => {
        while (evePlays) {
          const turn = await eve.next('yourTurn', () => true, 120_000).catch(() => null);
          if (turn === null || !evePlays) return;
          await new Promise((resolve) => setTimeout(resolve, 300));
          eve.send({ type: 'action', token: eveStart.token, action: randomAction(turn, () => rng.next(), 0) });
        }
      })();
      await dee.page.waitForSelector('.board');
      await dee.page.waitForFunction(() => document.body.dataset['myTurn'] === 'true');
      // Dee does nothing: 3 s later the System Player takes her seat.
      await dee.page.waitForSelector('.taken-over', { timeout: 15_000 });
      expect(await dee.page.textContent('.taken-over')).toBe('A System Player plays your seat now');
      expect(await dee.page.textContent('#lobby p')).toBe('You did not act in time, so the server gave your seat to a System Player for the rest of this game. You can watch it to the end here, or join a new game.');
      expect(await texts(dee.page, '#notices li')).toContain("Dee did not act within 3 s: a System Player (random) takes Dee's seat.");
      expect(await dee.page.evaluate(() => document.body.dataset['myTurn'])).toBe('false');
      expect(await dee.page.locator('#turn *').count()).toBe(0);
      expect(await dee.page.locator('button.leave').count()).toBe(0);
      expect(await dee.page.textContent('.seats tbody tr[data-seat="0"]')).toContain('System Player');
      // She still watches the game: the board and her notebook follow Eve's and the System Players' moves.
      const lines = (await texts(dee.page, '.log li')).length;
      await dee.page.waitForFunction((count) => document.querySelectorAll('.log li').length > count, lines);
      expect(await dee.page.textContent('#status')).toMatch(/^A System Player plays your seat now; .+ is to act\.$/);
      await shoot(dee.page, '6-taken-over');
      // A new game: Dee is prompted again, in a game of her own with System Players.
      const before = await dee.page.evaluate(() => sessionStorage.getItem('parlor.token'));
      await dee.page.click('button.new-game');
      await dee.page.waitForFunction(() => document.body.dataset['myTurn'] === 'true' && document.querySelector('.taken-over') === null, undefined, { timeout: 15_000 });
      expect(await dee.page.evaluate(() => sessionStorage.getItem('parlor.token'))).not.toBe(before);
      const seated = await texts(dee.page, '.seats tbody td:first-child');
      expect(seated[0]).toBe('Dee (you)');
      expect(seated).not.toContain('Eve');
      expect(dee.problems).toEqual([]);
      evePlays = false;
      eve.socket.close();
      await eveLoop;
    } finally {
      evePlays = false;
      eve.socket.close();
      await browser.contexts().reduce((done, context) => done.then(() => context.close()), Promise.resolve());
    }
  }, 60_000);
});
