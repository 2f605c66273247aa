// The playground page: lists the scenes of the WebAssembly module (steer-playground.js,
// built from playground.cpp), steps the live one at 60 Hz, draws its commands on a canvas,
// and turns sliders, drags and buttons into calls of the module.
//
// index.html?selftest runs every scene for a fixed number of frames and writes one line per
// scene into #selftest; index.html?bench times the scene with the most characters into #bench
// (browser.mjs drives the page for both, and for a user's gestures). Nothing is
// fetched: the module is inlined into steer-playground.js.
'use strict';

// The same palette, in the same order, as playground::color (scene.hpp).
const palette = ['#222222', '#999999', '#0072B2', '#D55E00', '#009E73', '#E69F00', '#56B4E9', '#CC79A7',
                 '#F0E442', '#dddddd'];
const kind = { dot: 1, ring: 2, polyline: 3, closed_polyline: 4, filled_polygon: 5, arrow: 6, body: 7 };
const selftestFrames = 240;  // playground::selftest_frames

const query = new URLSearchParams(location.search);
let M = null;       // the module
let api = null;     // its functions
const page = {
  scenes: [],       // every scene's info
  current: -1,
  info: null,
  playing: true,
  speed: 1,
  seed: 1,
  owed: 0,          // steps owed at this speed, carried between animation frames
  view: { cx: 0, cy: 0, size: 20, zoom: 1 },                    // 2D: centre and metres across
  camera: { yaw: 0.6, pitch: 0.45, distance: 60, center: [0, 0, 0] },  // 3D orbit camera
  handles: [],      // [{name, x, y, z}]
  dragging: null,   // {kind: 'handle', index, height} | {kind: 'pan' | 'orbit', x, y} | {kind: 'pinch', spread}
  simMs: 0, drawMs: 0, agents: 0,
};

function bind(module) {
  const f = (name, ret, args) => module.cwrap(name, ret, args);
  return {
    sceneCount: f('pg_scene_count', 'number', []),
    sceneInfo: f('pg_scene_info', 'string', ['number']),
    select: f('pg_select', null, ['number', 'number']),
    reset: f('pg_reset', null, ['number']),
    step: f('pg_step', null, ['number']),
    params: f('pg_params', 'string', []),
    setParam: f('pg_set_param', null, ['number', 'number']),
    code: f('pg_code', 'string', []),
    draw: f('pg_draw', 'number', []),
    drawSize: f('pg_draw_size', 'number', []),
    labels: f('pg_labels', 'string', []),
    handles: f('pg_handles', 'number', []),
    handleCount: f('pg_handle_count', 'number', []),
    handleNames: f('pg_handle_names', 'string', []),
    drag: f('pg_drag', null, ['number', 'number', 'number', 'number']),
    selftestLine: f('pg_selftest_line', 'string', ['number', 'number']),
    positionCount: f('pg_position_count', 'number', []),
    takeError: f('pg_take_error', 'string', []),
  };
}

// A view of the module's memory as floats (re-read each time: memory may have grown).
function floats(pointer, count) { return new Float32Array(M.HEAPF32.buffer, pointer, count); }

// The view a scene asks for: 2D centred on its view_center, view_size metres across the
// shorter side; 3D orbiting it at view_size metres.
function resetView() {
  page.view = { cx: page.info.view_center[0], cy: page.info.view_center[1], size: page.info.view_size, zoom: 1 };
  page.camera = { yaw: 0.6, pitch: 0.45, distance: page.info.view_size, center: page.info.view_center.slice() };
}

// ------------------------------------------------------------------ self-test and benchmark

function selftest() {
  const out = document.getElementById('selftest');
  const lines = [];
  let ok = true;
  for (let i = 0; i < api.sceneCount(); ++i) {
    const line = api.selftestLine(i, selftestFrames);
    lines.push(line);
    if (!/^scene \S+ frames \d+ digest [0-9a-f]{16} finite yes$/.test(line)) ok = false;
  }
  lines.push(ok ? 'selftest ok' : 'selftest failed');
  out.textContent = lines.join('\n');
}

// Times the scene with the most characters: the mean and the slowest simulated frame.
function bench() {
  let biggest = 0, most = -1;
  for (let i = 0; i < api.sceneCount(); ++i) {
    api.select(i, 1);
    const n = api.positionCount();
    if (n > most) { most = n; biggest = i; }
  }
  api.select(biggest, 1);
  page.info = JSON.parse(api.sceneInfo(biggest));
  // The drawing is timed on a canvas of a set size, 960 x 640 CSS pixels, whatever the window.
  Object.assign(canvas.style, { position: 'fixed', left: '0', top: '0', width: '960px', height: '640px' });
  resetView();
  api.step(60);  // warm up: the first frames allocate
  // The clock of a page may be coarse (0.1 ms): the mean is over all frames at once, the
  // slowest frame is timed alone.
  const frames = 300;
  let slowest = 0;
  const begin = performance.now();
  for (let f = 0; f < frames; ++f) {
    const start = performance.now();
    api.step(1);
    slowest = Math.max(slowest, performance.now() - start);
  }
  const mean = (performance.now() - begin) / frames;
  const drawStart = performance.now();
  for (let f = 0; f < 120; ++f) render();
  const draw = (performance.now() - drawStart) / 120;
  document.getElementById('bench').textContent =
    `bench scene ${page.info.name} agents ${most} frames ${frames} sim_ms_per_frame ${mean.toFixed(3)} ` +
    `slowest_ms ${slowest.toFixed(3)} draw_ms_per_frame ${draw.toFixed(3)} canvas ${canvas.width}x${canvas.height}`;
}

// ------------------------------------------------------------------ the scene list and controls

function buildList() {
  const nav = document.getElementById('scenes');
  let group = null;
  page.scenes.forEach((info, index) => {
    if (info.group !== group) {
      group = info.group;
      const h = document.createElement('h2');
      h.textContent = group;
      nav.appendChild(h);
    }
    const a = document.createElement('a');
    a.href = '#' + info.name;
    a.textContent = info.title;
    a.id = 'scene-' + info.name;
    a.addEventListener('click', (e) => { e.preventDefault(); select(index); });
    nav.appendChild(a);
  });
}

function select(index) {
  page.current = index;
  page.info = page.scenes[index];
  api.select(index, page.seed);
  history.replaceState(null, '', location.pathname + location.search + '#' + page.info.name);
  for (const a of document.querySelectorAll('nav a')) a.classList.toggle('current', a.id === 'scene-' + page.info.name);
  document.getElementById('title').textContent = page.info.title;
  document.getElementById('error').textContent = '';
  document.getElementById('about').textContent = page.info.about;
  const guide = document.getElementById('guide');
  const [file, anchor] = page.info.guide.split('#');
  guide.innerHTML = '';
  const link = document.createElement('a');
  link.href = '../../docs/' + file + (anchor ? '#' + anchor : '');
  link.textContent = 'The guide: docs/' + page.info.guide;
  guide.appendChild(link);
  resetView();
  buildParams();
  showCode();
  render();
}

function buildParams() {
  const box = document.getElementById('params');
  box.innerHTML = '';
  JSON.parse(api.params()).forEach((p, index) => {
    const div = document.createElement('div');
    div.className = 'param';
    const label = document.createElement('label');
    const name = document.createElement('span');
    name.textContent = p.name + (p.restarts ? ' (restarts)' : '');
    const value = document.createElement('span');
    const show = (v) => { value.textContent = `${+v.toPrecision(4)} ${p.unit === '1' ? '' : p.unit}`; };
    show(p.value);
    label.append(name, value);
    const slider = document.createElement('input');
    Object.assign(slider, { type: 'range', min: p.min, max: p.max, step: p.step, value: p.value });
    slider.setAttribute('aria-label', p.name);
    slider.addEventListener('input', () => {
      api.setParam(index, +slider.value);
      show(+slider.value);
      showCode();
      if (p.restarts) render();
    });
    div.append(label, slider);
    box.appendChild(div);
  });
}

function showCode() {
  document.getElementById('code').textContent = api.code();
  const error = api.takeError();
  if (error) {
    document.getElementById('error').textContent = error;
    console.warn(error);
  }
}

function bindToolbar() {
  const play = document.getElementById('play');
  const toggle = () => { page.playing = !page.playing; play.textContent = page.playing ? 'pause' : 'play'; };
  const stepOnce = () => { if (page.playing) toggle(); api.step(1); render(); };
  const restart = () => { api.reset(page.seed); render(); };
  play.addEventListener('click', toggle);
  document.getElementById('step').addEventListener('click', stepOnce);
  document.getElementById('restart').addEventListener('click', restart);
  document.getElementById('speed').addEventListener('change', (e) => { page.speed = +e.target.value; });
  document.getElementById('seed').addEventListener('change', (e) => {
    page.seed = Math.max(1, Math.floor(+e.target.value) || 1);
    restart();
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
    if (e.key === ' ') { toggle(); e.preventDefault(); }
    else if (e.key === 's') stepOnce();
    else if (e.key === 'r') restart();
  });
}

// ------------------------------------------------------------------ projection

const canvas = document.getElementById('view');
const ctx = canvas.getContext('2d');

// 2D: how many canvas pixels a metre takes at the view's zoom.
function pixelsPerMetre(w, h) { return Math.min(w, h) / (page.view.size / page.view.zoom); }

// 3D: the orbit camera's eye, its unit forward, right and up, and its focal length in pixels
// (a field of view of 1 radian across the shorter side).
function cameraBasis(w, h) {
  const c = page.camera;
  const eye = [c.center[0] + c.distance * Math.cos(c.pitch) * Math.sin(c.yaw),
               c.center[1] + c.distance * Math.sin(c.pitch),
               c.center[2] + c.distance * Math.cos(c.pitch) * Math.cos(c.yaw)];
  const fw = normalize([c.center[0] - eye[0], c.center[1] - eye[1], c.center[2] - eye[2]]);
  const right = normalize(cross(fw, [0, 1, 0]));
  const up = cross(right, fw);
  return { eye, fw, right, up, focal: Math.min(w, h) / (2 * Math.tan(0.5)) };
}

// World point to screen pixels: [x, y, scale (pixels per metre there)] or null behind the camera.
function projector() {
  const w = canvas.width, h = canvas.height;
  if (!page.info || !page.info.three_d) {
    const s = pixelsPerMetre(w, h);
    const { cx, cy } = page.view;
    return (x, y) => [w / 2 + (x - cx) * s, h / 2 - (y - cy) * s, s];
  }
  const { eye, fw, right, up, focal } = cameraBasis(w, h);
  return (x, y, z) => {
    const d = [x - eye[0], y - eye[1], z - eye[2]];
    const depth = dot(d, fw);
    if (depth < 0.1) return null;
    return [w / 2 + focal * dot(d, right) / depth, h / 2 - focal * dot(d, up) / depth, focal / depth];
  };
}
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const normalize = (a) => { const l = Math.hypot(a[0], a[1], a[2]) || 1; return [a[0] / l, a[1] / l, a[2] / l]; };

// Screen pixels to a world point: 2D on the plane, 3D on the horizontal plane at height `y`.
function unproject(px, py, y) {
  const w = canvas.width, h = canvas.height;
  if (!page.info.three_d) {
    const s = pixelsPerMetre(w, h);
    return [page.view.cx + (px - w / 2) / s, page.view.cy - (py - h / 2) / s, 0];
  }
  const { eye, fw, right, up, focal } = cameraBasis(w, h);
  const ray = normalize([0, 1, 2].map((k) => fw[k] + right[k] * (px - w / 2) / focal - up[k] * (py - h / 2) / focal));
  if (Math.abs(ray[1]) < 1e-6) return null;
  const t = (y - eye[1]) / ray[1];
  if (t <= 0) return null;
  return [eye[0] + ray[0] * t, y, eye[2] + ray[2] * t];
}

// ------------------------------------------------------------------ drawing

function render() {
  const start = performance.now();
  const ratio = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.floor(canvas.clientWidth * ratio));
  const h = Math.max(1, Math.floor(canvas.clientHeight * ratio));
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const project = projector();
  const px = ratio;  // one CSS pixel
  const flat = page.info && !page.info.three_d
    ? { s: pixelsPerMetre(w, h), cx: page.view.cx, cy: page.view.cy } : null;
  const size = api.drawSize();
  const data = floats(api.draw(), size);
  const bodies = collectBodies(data, size, project, flat, w, h, px);
  // The background, the grid and the smallest bodies go down first as pixels when there are
  // any (thousands of shapes cost the canvas far more), then the shapes, the larger bodies,
  // the labels and the handles on top.
  const grid = flat ? gridLines(w, h, px) : null;
  if (bodies.some((b) => b.small.length)) {
    drawPixelLayer(bodies, grid, w, h, px);
  } else {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, w, h);
    if (grid) drawGridLines(grid, w, h, px);
  }
  if (page.info && page.info.three_d) drawGround(project, px);
  if (grid) {
    ctx.fillStyle = '#999';
    ctx.font = `${11 * px}px system-ui, sans-serif`;
    ctx.fillText(`grid: ${grid.spacing} m`, 8 * px, h - 8 * px);
  }
  drawShapes(data, size, project, px);
  bodies.forEach((b, c) => {
    if (!b.count) return;
    ctx.fillStyle = palette[c];
    ctx.globalAlpha = 0.45;
    ctx.fill(b.fill);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = palette[c];
    ctx.lineWidth = 1.5 * px;
    ctx.stroke(b.marks);
  });
  ctx.font = `${12 * px}px system-ui, sans-serif`;
  for (const [x, y, z, words, c] of JSON.parse(api.labels())) {
    const at = project(x, y, z);
    if (!at) continue;
    ctx.fillStyle = palette[c] || palette[0];
    ctx.fillText(words, at[0], at[1]);
  }
  drawHandles(project, px);
  page.drawMs = 0.9 * page.drawMs + 0.1 * (performance.now() - start);
}

const background = '#fcfcfa';

// The characters of the drawing commands, batched per color: a disc and a heading mark each
// in a few paths, or, when too small on screen for those to read, a point for the pixel layer.
function collectBodies(data, size, project, flat, w, h, px) {
  const bodies = palette.map(() => ({ fill: new Path2D(), marks: new Path2D(), small: [], count: 0 }));
  for (let i = 0; i < size; i += 4 + 3 * data[i + 3]) {
    if (data[i] !== kind.body) continue;
    const colorIndex = data[i + 1], radius = data[i + 2];
    const x = data[i + 4], y = data[i + 5], z = data[i + 6], fx = data[i + 7], fy = data[i + 8], fz = data[i + 9];
    const reach = radius * 1.6;
    let at, tip;
    if (flat) {  // the 2D projection, inlined: a crowd has thousands
      at = [w / 2 + (x - flat.cx) * flat.s, h / 2 - (y - flat.cy) * flat.s, flat.s];
      tip = [at[0] + fx * reach * flat.s, at[1] - fy * reach * flat.s];
    } else {
      at = project(x, y, z);
      if (!at) continue;
      tip = project(x + fx * reach, y + fy * reach, z + fz * reach);
    }
    const b = bodies[colorIndex] || bodies[0];
    const r = radius * at[2];
    if (r < 3 * px) {
      b.small.push(at[0], at[1], tip ? tip[0] : at[0], tip ? tip[1] : at[1]);
    } else {
      b.fill.moveTo(at[0] + r, at[1]);
      b.fill.arc(at[0], at[1], r, 0, 2 * Math.PI);
      if (tip) { b.marks.moveTo(at[0], at[1]); b.marks.lineTo(tip[0], tip[1]); }
      b.count++;
    }
  }
  return bodies;
}

// Every drawing command but the characters.
function drawShapes(data, size, project, px) {
  for (let i = 0; i < size; i += 4 + 3 * data[i + 3]) {
    const k = data[i], radius = data[i + 2], n = data[i + 3];
    if (k === kind.body) continue;
    const color = palette[data[i + 1]] || palette[0];
    const screen = [];
    for (let p = 0; p < n; ++p) screen.push(project(data[i + 4 + 3 * p], data[i + 5 + 3 * p], data[i + 6 + 3 * p]));
    if (screen.some((s) => !s)) continue;
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = 1.5 * px;
    if (k === kind.dot || k === kind.ring) {
      const r = radius > 0 ? radius * screen[0][2] : 2 * px;
      ctx.beginPath();
      ctx.arc(screen[0][0], screen[0][1], Math.max(r, 0.5), 0, 2 * Math.PI);
      if (k === kind.dot) ctx.fill(); else ctx.stroke();
    } else if (k === kind.polyline || k === kind.closed_polyline || k === kind.filled_polygon) {
      ctx.beginPath();
      screen.forEach((s, j) => (j ? ctx.lineTo(s[0], s[1]) : ctx.moveTo(s[0], s[1])));
      if (k !== kind.polyline) ctx.closePath();
      if (k === kind.filled_polygon) {
        ctx.globalAlpha = 0.35;
        ctx.fill();
        ctx.globalAlpha = 1;
      }
      ctx.stroke();
    } else if (k === kind.arrow) {
      const [a, b] = screen;
      const angle = Math.atan2(b[1] - a[1], b[0] - a[0]), head = 7 * px;
      ctx.beginPath();
      ctx.moveTo(a[0], a[1]);
      ctx.lineTo(b[0], b[1]);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(b[0], b[1]);
      ctx.lineTo(b[0] - head * Math.cos(angle - 0.4), b[1] - head * Math.sin(angle - 0.4));
      ctx.lineTo(b[0] - head * Math.cos(angle + 0.4), b[1] - head * Math.sin(angle + 0.4));
      ctx.closePath();
      ctx.fill();
    }
  }
}

// The background, the 2D grid and the characters too small for a disc and a mark (thousands
// of them in a crowd), written as pixels into an image put on the canvas in one call: each a
// square and a dot ahead of it. The image is kept between frames.
let layer = null;
function drawPixelLayer(bodies, grid, w, h, px) {
  if (!layer || layer.width !== w || layer.height !== h) layer = ctx.createImageData(w, h);
  const pixels = new Uint32Array(layer.data.buffer);
  // The page's memory is little-endian on every platform browsers run on: ABGR words.
  const abgr = (hex) => (0xff000000 | (parseInt(hex.slice(5, 7), 16) << 16) | (parseInt(hex.slice(3, 5), 16) << 8) |
                         parseInt(hex.slice(1, 3), 16)) >>> 0;
  pixels.fill(abgr(background));
  if (grid) {
    const line = abgr(gridColor);
    for (const x of grid.xs) for (let y = 0, c = Math.round(x); y < h && c >= 0 && c < w; ++y) pixels[y * w + c] = line;
    for (const y of grid.ys) { const r = Math.round(y); if (r >= 0 && r < h) pixels.fill(line, r * w, r * w + w); }
  }
  const half = Math.max(1, Math.round(px));
  bodies.forEach((b, c) => {
    const color = abgr(palette[c]);
    const put = (x, y) => { if (x >= 0 && y >= 0 && x < w && y < h) pixels[y * w + x] = color; };
    for (let j = 0; j < b.small.length; j += 4) {
      const x = Math.round(b.small[j]), y = Math.round(b.small[j + 1]);
      if (x < -half || y < -half || x >= w + half || y >= h + half) continue;
      for (let dy = -half; dy <= half; ++dy) for (let dx = -half; dx <= half; ++dx) put(x + dx, y + dy);
      put(Math.round(b.small[j + 2]), Math.round(b.small[j + 3]));
    }
  });
  ctx.putImageData(layer, 0, 0);
}

// A square grid on the ground of 3D scenes, for depth.
function drawGround(project, px) {
  const c = page.camera.center, extent = page.info.view_size, step = Math.max(1, Math.round(extent / 10));
  ctx.strokeStyle = '#e4e4e0';
  ctx.lineWidth = px;
  ctx.beginPath();
  for (let t = -extent; t <= extent; t += step) {
    for (const [a, b] of [[[c[0] + t, 0, c[2] - extent], [c[0] + t, 0, c[2] + extent]],
                          [[c[0] - extent, 0, c[2] + t], [c[0] + extent, 0, c[2] + t]]]) {
      const pa = project(...a), pb = project(...b);
      if (pa && pb) { ctx.moveTo(pa[0], pa[1]); ctx.lineTo(pb[0], pb[1]); }
    }
  }
  ctx.stroke();
}

// Lines every metre (or every 5 or 25 when zoomed out) on 2D scenes, for scale: where they fall on screen.
const gridColor = '#eeeeea';
function gridLines(w, h, px) {
  const perMetre = pixelsPerMetre(w, h);
  const spacing = perMetre * 1 >= 12 * px ? 1 : perMetre * 5 >= 12 * px ? 5 : 25;
  const [x0, y0] = unproject(0, h, 0), [x1, y1] = unproject(w, 0, 0);
  const xs = [], ys = [];
  for (let x = Math.ceil(x0 / spacing) * spacing; x <= x1; x += spacing) xs.push(w / 2 + (x - page.view.cx) * perMetre);
  for (let y = Math.ceil(y0 / spacing) * spacing; y <= y1; y += spacing) ys.push(h / 2 - (y - page.view.cy) * perMetre);
  return { spacing, xs, ys };
}
function drawGridLines(grid, w, h, px) {
  ctx.strokeStyle = gridColor;
  ctx.lineWidth = px;
  ctx.beginPath();
  for (const x of grid.xs) { ctx.moveTo(x, 0); ctx.lineTo(x, h); }
  for (const y of grid.ys) { ctx.moveTo(0, y); ctx.lineTo(w, y); }
  ctx.stroke();
}

function drawHandles(project, px) {
  const count = api.handleCount();
  const names = count ? JSON.parse(api.handleNames()) : [];
  const data = floats(api.handles(), 3 * count);
  page.handles = names.map((name, i) => ({ name, x: data[3 * i], y: data[3 * i + 1], z: data[3 * i + 2] }));
  ctx.font = `${12 * px}px system-ui, sans-serif`;
  for (const h of page.handles) {
    const s = project(h.x, h.y, h.z);
    if (!s) continue;
    ctx.strokeStyle = '#0072B2';
    ctx.lineWidth = 2 * px;
    ctx.beginPath();
    ctx.arc(s[0], s[1], 9 * px, 0, 2 * Math.PI);
    ctx.stroke();
    ctx.fillStyle = '#0072B2';
    ctx.fillText(h.name, s[0] + 12 * px, s[1] - 8 * px);
  }
}

// ------------------------------------------------------------------ pointer: drag handles, pan, zoom, orbit

function pointerAt(e) {
  const r = canvas.getBoundingClientRect(), ratio = window.devicePixelRatio || 1;
  return [(e.clientX - r.left) * ratio, (e.clientY - r.top) * ratio];
}

// Zooms the 2D view, or moves the 3D camera closer, by `factor` (> 1: closer).
function zoomBy(factor) {
  if (page.info.three_d) page.camera.distance /= factor;
  else page.view.zoom *= factor;
  if (!page.playing) render();
}

function bindPointer() {
  const pointers = new Map();  // the pointers down on the canvas: two fingers pinch to zoom
  const spread = () => { const [a, b] = [...pointers.values()]; return Math.hypot(a[0] - b[0], a[1] - b[1]); };
  canvas.addEventListener('pointerdown', (e) => {
    const [x, y] = pointerAt(e), ratio = window.devicePixelRatio || 1;
    pointers.set(e.pointerId, [x, y]);
    canvas.setPointerCapture(e.pointerId);
    if (pointers.size === 2) {
      page.dragging = { kind: 'pinch', spread: spread() };
      return;
    }
    const project = projector();
    let best = -1, bestDistance = 16 * ratio;
    page.handles.forEach((h, i) => {
      const s = project(h.x, h.y, h.z);
      if (!s) return;
      const d = Math.hypot(s[0] - x, s[1] - y);
      if (d < bestDistance) { bestDistance = d; best = i; }
    });
    page.dragging = best >= 0 ? { kind: 'handle', index: best, height: page.handles[best].y }
                              : { kind: page.info.three_d ? 'orbit' : 'pan', x, y };
  });
  canvas.addEventListener('pointermove', (e) => {
    const d = page.dragging;
    if (!d || !pointers.has(e.pointerId)) return;
    const [x, y] = pointerAt(e);
    pointers.set(e.pointerId, [x, y]);
    if (d.kind === 'pinch') {
      if (pointers.size < 2) return;
      const now = spread();
      if (d.spread > 0 && now > 0) zoomBy(now / d.spread);
      d.spread = now;
      return;
    }
    if (d.kind === 'handle') {
      const h = page.handles[d.index];
      const at = unproject(x, y, page.info.three_d ? d.height : 0);
      if (at) {
        api.drag(d.index, at[0], at[1], page.info.three_d ? at[2] : h.z);
        showCode();
      }
    } else if (d.kind === 'pan') {
      const s = pixelsPerMetre(canvas.width, canvas.height);
      page.view.cx -= (x - d.x) / s;
      page.view.cy += (y - d.y) / s;
    } else {
      page.camera.yaw -= (x - d.x) * 0.005;
      page.camera.pitch = Math.min(1.5, Math.max(0.05, page.camera.pitch + (y - d.y) * 0.005));
    }
    d.x = x;
    d.y = y;
    if (!page.playing) render();
  });
  const release = (e) => {
    pointers.delete(e.pointerId);
    page.dragging = null;  // after a pinch, the finger left down starts nothing until lifted
  };
  canvas.addEventListener('pointerup', release);
  canvas.addEventListener('pointercancel', release);
  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    zoomBy(Math.exp(-e.deltaY * 0.001));
  }, { passive: false });
}

// ------------------------------------------------------------------ the loop

function frame() {
  if (page.playing) {
    page.owed += page.speed;
    const steps = Math.floor(page.owed);
    page.owed -= steps;
    if (steps > 0) {
      const start = performance.now();
      api.step(steps);
      page.simMs = 0.9 * page.simMs + 0.1 * (performance.now() - start) / steps;
      const error = api.takeError();
      if (error) document.getElementById('error').textContent = error;
    }
    render();
  }
  document.getElementById('status').textContent =
    `${page.agents} characters · simulation ${page.simMs.toFixed(2)} ms/step · drawing ${page.drawMs.toFixed(2)} ms`;
  requestAnimationFrame(frame);
}

function start() {
  page.scenes = Array.from({ length: api.sceneCount() }, (_, i) => JSON.parse(api.sceneInfo(i)));
  buildList();
  bindToolbar();
  bindPointer();
  const wanted = page.scenes.findIndex((s) => s.name === location.hash.slice(1));
  select(wanted >= 0 ? wanted : 0);
  // index.html?seconds=S#scene starts S seconds in (the docs' screenshots use it).
  if (query.has('seconds')) { api.step(Math.round(60 * Math.max(0, +query.get('seconds') || 0))); render(); }
  window.addEventListener('hashchange', () => {
    const index = page.scenes.findIndex((s) => s.name === location.hash.slice(1));
    if (index >= 0 && index !== page.current) select(index);
  });
  setInterval(() => { page.agents = api.positionCount(); }, 500);
  page.agents = api.positionCount();
  requestAnimationFrame(frame);
}

createSteerPlayground().then((module) => {
  M = module;
  api = bind(module);
  if (query.has('selftest')) selftest();
  else if (query.has('bench')) bench();
  else start();
});
