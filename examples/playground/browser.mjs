// Drives the playground in headless Chromium on real time, over the DevTools protocol with
// node's own WebSocket (Chromium's --dump-dom runs a page on virtual time, which races ahead
// while the module compiles on another thread, and where nothing can be clicked):
//   node --experimental-websocket browser.mjs selftest file:///.../index.html
//     opens index.html?selftest and prints what the page writes into #selftest once it ends
//     with "selftest ok" or "selftest failed";
//   node --experimental-websocket browser.mjs bench    file:///.../index.html
//     opens index.html?bench and prints the line the page writes into #bench;
//   node --experimental-websocket browser.mjs interact file:///.../index.html
//     opens index.html#arrival, drags the target with the mouse, moves a slider, pinches
//     with two fingers, and fails unless each did what it should.
// In every mode, anything the page writes to its console, or throws, fails the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [mode, page] = process.argv.slice(2);
if (!['selftest', 'bench', 'interact'].includes(mode) || !page || typeof WebSocket === 'undefined') {
  console.error('usage: node --experimental-websocket browser.mjs selftest|bench|interact URL (node 20.10 or later)');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'steer-playground-'));
const browser = spawn('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
                                   '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
                      { stdio: ['ignore', 'ignore', 'pipe'] });
// What the page wrote to its console or threw: the page writes nothing there unless
// something went wrong.
const consoleMessages = [];
// Ends the browser, then removes its profile once it has stopped writing there; fails if the
// page wrote to its console.
const finish = (code) => {
  if (consoleMessages.length) {
    console.error(`browser.mjs: the page wrote to its console:\n${consoleMessages.join('\n')}`);
    code = 1;
  }
  browser.once('exit', () => {
    try { rmSync(profile, { recursive: true, force: true, maxRetries: 5 }); } catch { /* a temporary folder */ }
    process.exit(code);
  });
  browser.kill();
};
setTimeout(() => { console.error(`browser.mjs: ${mode} took more than 300 s`); finish(1); }, 300000);

// The browser says where it listens on stderr.
const address = await new Promise((resolve) => {
  let text = '';
  browser.stderr.on('data', (chunk) => {
    text += chunk;
    const found = text.match(/DevTools listening on (ws:\/\/\S+)/);
    if (found) resolve(found[1]);
  });
});

const socket = new WebSocket(address);
await new Promise((resolve) => socket.addEventListener('open', resolve));
let next = 0;
const waiting = new Map();
socket.addEventListener('message', (event) => {
  const message = JSON.parse(event.data);
  if (message.id !== undefined && waiting.has(message.id)) {
    waiting.get(message.id)(message);
    waiting.delete(message.id);
  } else if (message.method === 'Runtime.consoleAPICalled') {
    const args = message.params.args.map((a) => (a.value !== undefined ? a.value : a.description)).join(' ');
    consoleMessages.push(`console.${message.params.type}: ${args}`);
  } else if (message.method === 'Runtime.exceptionThrown') {
    const details = message.params.exceptionDetails;
    consoleMessages.push(`uncaught: ${details.exception ? details.exception.description : details.text}`);
  } else if (message.method === 'Log.entryAdded') {
    consoleMessages.push(`${message.params.entry.level}: ${message.params.entry.text}`);
  }
});
const send = (method, params = {}, sessionId = undefined) => new Promise((resolve) => {
  const id = ++next;
  waiting.set(id, resolve);
  socket.send(JSON.stringify({ id, method, params, sessionId }));
});

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const url = mode === 'interact' ? `${page}#arrival` : `${page}?${mode}`;
// A blank page first, to listen to its console before the playground loads.
const { result: { targetId } } = await send('Target.createTarget', { url: 'about:blank' });
const { result: { sessionId } } = await send('Target.attachToTarget', { targetId, flatten: true });
await send('Runtime.enable', {}, sessionId);
await send('Log.enable', {}, sessionId);
await send('Page.navigate', { url }, sessionId);
const evaluate = async (expression) => {
  const reply = await send('Runtime.evaluate', { expression, returnByValue: true }, sessionId);
  return reply.result && reply.result.result ? reply.result.result.value : undefined;
};

if (mode === 'selftest') {
  for (;;) {
    await sleep(500);
    const text = await evaluate("(document.getElementById('selftest') || {}).textContent || ''");
    if (/\nselftest (ok|failed)$/.test(text)) {
      console.log(text);
      finish(0);
    }
  }
}

if (mode === 'bench') {
  for (;;) {
    await sleep(500);
    const text = await evaluate("(document.getElementById('bench') || {}).textContent || ''");
    if (text) {
      console.log(text);
      finish(0);
    }
  }
}

// interact: wait for the page, then act as a user would and check each effect.
await send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 720, deviceScaleFactor: 1, mobile: false },
           sessionId);
const ready = "typeof page === 'object' && page.handles.length > 0";
for (let i = 0; i < 100 && !(await evaluate(ready)); ++i) await sleep(100);
const failures = [];
const check = (ok, what) => {
  console.log(`interact: ${ok ? 'ok' : 'FAILED'}: ${what}`);
  if (!ok) failures.push(what);
};
// The handle's place on screen, in CSS pixels of the page.
const handleOnScreen = `(() => { const h = page.handles[0], r = canvas.getBoundingClientRect(),
  ratio = window.devicePixelRatio || 1, s = projector()(h.x, h.y, h.z);
  return { x: r.left + s[0] / ratio, y: r.top + s[1] / ratio, wx: h.x, wy: h.y }; })()`;
const mouse = (type, x, y, buttons = 1) => send('Input.dispatchMouseEvent',
  { type, x, y, button: 'left', buttons, clickCount: 1, pointerType: 'mouse' }, sessionId);
const before = await evaluate(handleOnScreen);
await mouse('mousePressed', before.x, before.y);
for (let step = 1; step <= 5; ++step) await mouse('mouseMoved', before.x - 20 * step, before.y + 12 * step);
await mouse('mouseReleased', before.x - 100, before.y + 60, 0);
await sleep(200);
const after = await evaluate(handleOnScreen);
check(after.wx < before.wx - 1 && after.wy < before.wy - 0.5,
      `dragging the target 100 px left and 60 px down moved it from (${before.wx.toFixed(2)}, ` +
      `${before.wy.toFixed(2)}) to (${after.wx.toFixed(2)}, ${after.wy.toFixed(2)}) m`);
// A slider: the code shows the new value.
const code = await evaluate(`(() => {
  const s = document.querySelector('input[aria-label="arrival_params.slowing_distance"]');
  s.value = 7.5; s.dispatchEvent(new Event('input')); return document.getElementById('code').textContent; })()`);
check(typeof code === 'string' && code.includes('.slowing_distance = 7.5'),
      'moving the slowing_distance slider to 7.5 shows it in the code');
// Two fingers spreading apart zoom in.
const zoomBefore = await evaluate('page.view.zoom');
const touch = (type, points) => send('Input.dispatchTouchEvent',
  { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) }, sessionId);
await touch('touchStart', [[500, 300], [600, 300]]);
await touch('touchMove', [[450, 300], [650, 300]]);
await touch('touchMove', [[400, 300], [700, 300]]);
await touch('touchEnd', []);
await sleep(200);
const zoomAfter = await evaluate('page.view.zoom');
check(zoomAfter > zoomBefore * 2.5, `pinching 100 px apart to 300 px zoomed from ${zoomBefore} to ${zoomAfter}`);
finish(failures.length ? 1 : 0);
