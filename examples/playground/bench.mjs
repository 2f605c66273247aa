// Opens the playground at index.html?bench in headless Chromium, on real time (the self-test's
// --dump-dom runs on virtual time, where the clock stands still), and prints the line the page
// writes into #bench. Talks to the browser over the DevTools protocol with node's own
// WebSocket: node --experimental-websocket examples/playground/bench.mjs file:///.../index.html
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const page = process.argv[2];
if (!page || typeof WebSocket === 'undefined') {
  console.error('usage: node --experimental-websocket bench.mjs URL (node 20.10 or later)');
  process.exit(2);
}
const profile = mkdtempSync(join(tmpdir(), 'steer-playground-'));
const browser = spawn('chromium', ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
                                   '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
                      { stdio: ['ignore', 'ignore', 'pipe'] });
// Ends the browser, then removes its profile once it has stopped writing there.
const finish = (code) => {
  browser.once('exit', () => {
    try { rmSync(profile, { recursive: true, force: true, maxRetries: 5 }); } catch { /* a temporary folder */ }
    process.exit(code);
  });
  browser.kill();
};
setTimeout(() => { console.error('bench: no result after 300 s'); finish(1); }, 300000);

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
  }
});
const send = (method, params = {}, sessionId = undefined) => new Promise((resolve) => {
  const id = ++next;
  waiting.set(id, resolve);
  socket.send(JSON.stringify({ id, method, params, sessionId }));
});

const { result: { targetId } } = await send('Target.createTarget', { url: page });
const { result: { sessionId } } = await send('Target.attachToTarget', { targetId, flatten: true });
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const reply = await send('Runtime.evaluate', {
    expression: "(document.getElementById('bench') || {}).textContent || ''", returnByValue: true }, sessionId);
  const text = reply.result && reply.result.result ? reply.result.result.value : '';
  if (text) {
    console.log(text);
    finish(0);
  }
}
