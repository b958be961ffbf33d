// Lectern projection: the audience screen (present/) and the operator console (console/).
//
// Every window showing one deck (a service, or a song) keeps the same position: each change
// is written to localStorage, and the other windows hear it through the `storage` event,
// which reaches windows and tabs opened from file:// (BroadcastChannel did not, there). A
// reload reads the position back. Text is sized to the largest that fits the screen: one
// size for all the lyric slides of a song (data-group) unless the site asks for per-slide.
(function () {
  'use strict';

  var body = document.body;
  var isConsole = body.classList.contains('console');
  var storageKey = 'lectern:deck:' + body.dataset.deck;
  var root = isConsole ? document.querySelector('.deck-source') : document;
  var slides = Array.prototype.slice.call(root.querySelectorAll('.slide'));
  if (!slides.length) return;

  // A position older than this is last week's service: start again from the top.
  var STALE_MS = 6 * 60 * 60 * 1000;
  // How long a key sequence (V then 2, or 1 then 2) waits for its next key.
  var SEQUENCE_MS = 800;
  var SCREENS = ['show', 'black', 'clear', 'logo'];

  // "#…&from=first" (the set list's Present): the first slide, on the words, whatever an
  // earlier showing of this deck left stored. The hint then leaves the address, so a reload
  // stays where the show is.
  var fromFirst = /(?:^#|&)from=first(?=&|$)/.test(location.hash);
  var restored = fromFirst ? null : readState();
  var state = restored || { slide: 0, screen: 'show', message: '', started: Date.now() };
  state.slide = clamp(state.slide);
  if (fromFirst) {
    history.replaceState(null, '', location.hash.replace(/&from=first(?=&|$)/, '').replace(/^#from=first&?/, '#'));
    writeState();
  }
  var shown = null;
  var banner = document.querySelector('.stage-message');

  /// The stored position, if it is one (a slide number and a screen state) and not stale.
  function readState() {
    try {
      var s = JSON.parse(localStorage.getItem(storageKey));
      if (s && typeof s.slide === 'number' && isFinite(s.slide) && SCREENS.indexOf(s.screen) >= 0 &&
          Date.now() - (s.at || 0) < STALE_MS) return s;
    } catch (e) { /* no storage (private window): this window alone */ }
    return null;
  }

  function writeState() {
    state.at = Date.now();
    try { localStorage.setItem(storageKey, JSON.stringify(state)); } catch (e) { /* as above */ }
  }

  function clamp(i) { return Math.max(0, Math.min(slides.length - 1, i)); }

  /// Changes the position or the screen state, shows it, and tells the other windows.
  function update(change) {
    for (var k in change) state[k] = change[k];
    state.slide = clamp(state.slide);
    render();
    writeState();
  }

  // What is stored now, not the event's value: when two windows change at the same moment,
  // each hears the other's change, and both must end on the one storage kept.
  window.addEventListener('storage', function (e) {
    if (e.key !== storageKey) return;
    var stored = readState();
    if (!stored) return;
    state = stored;
    state.slide = clamp(state.slide);
    render();
  });

  // The slide changes before the screen state does, in the same frame: lifting black or
  // clear shows the new slide, never the one that was up before.
  function render() {
    var slide = slides[state.slide];
    if (shown !== slide) {
      if (shown) shown.classList.remove('current');
      slide.classList.add('current');
      shown = slide;
    }
    if (body.dataset.screen !== state.screen) body.dataset.screen = state.screen;
    var message = state.message || '';
    if (banner && banner.textContent !== message) banner.textContent = message;
    body.classList.toggle('has-message', message !== '');
    if (isConsole) renderConsole();
  }

  // ---- Moving around ----

  function itemOf(i) { return slides[i].dataset.item; }

  // A set list from the library (#set=id,id,… on a song's slideshow): stepping past the last
  // slide opens the next song of the set at its first slide, and stepping back from the first
  // opens the previous song at its last, in this window and with the same screen state.
  var set = (function () {
    var match = /(?:^#|&)set=([a-z0-9,-]+)/.exec(location.hash);
    var deck = body.dataset.deck || '';
    if (!match || isConsole || deck.indexOf('song:') !== 0) return null;
    var ids = match[1].split(',');
    var at = ids.indexOf(deck.slice(5));
    return at < 0 ? null : { ids: ids, at: at };
  })();

  function leaveSet(step) {
    var to = set.ids[set.at + step];
    if (!to) return false;
    var next = { slide: step > 0 ? 0 : 1e6, screen: state.screen, message: state.message || '', started: state.started, at: Date.now() };
    try { localStorage.setItem('lectern:deck:song:' + to, JSON.stringify(next)); } catch (e) { /* starts at the top */ }
    location.href = '../../' + to + '/present/index.html#set=' + set.ids.join(',');
    return true;
  }

  function go(i) {
    if (set && (i < 0 || i >= slides.length) && leaveSet(i < 0 ? -1 : 1)) return;
    update({ slide: i });
  }

  function toggleScreen(screen) { update({ screen: state.screen === screen ? 'show' : screen }); }

  function goToItem(number) {
    for (var i = 0; i < slides.length; i++) {
      if (slides[i].dataset.item === String(number)) { go(i); return true; }
    }
    return false;
  }

  // Section keys, as in OpenLP: V verse, C chorus, P pre-chorus, I intro, E ending, T tag;
  // B is the black screen, so the bridge is R. A digit after the letter picks the number.
  var SECTION_KEYS = { v: 'v', c: 'c', p: 'p', r: 'b', i: 'i', e: 'e', t: 't' };

  /// Goes to the next place in the song on slide `from` where a section matching `letter` (and
  /// `number`, if given) starts, wrapping round to the first; nowhere when there is none.
  function goToSection(letter, number, from) {
    var item = itemOf(from);
    var starts = [];
    for (var i = 0; i < slides.length; i++) {
      var id = slides[i].dataset.section;
      if (itemOf(i) !== item || !id || !slides[i].hasAttribute('data-starts')) continue;
      var rest = id.slice(1);
      var matches = id.charAt(0) === letter && (number == null ? rest === '' || /^\d+$/.test(rest)
        : rest === String(number) || (number === 1 && rest === ''));
      if (matches) starts.push(i);
    }
    if (!starts.length) return;
    // From the start of the section being sung now, so a chorus sung twice in a row is two places.
    var current = from;
    while (current > 0 && itemOf(current - 1) === item && !slides[current].hasAttribute('data-starts')) current--;
    var next = starts.filter(function (i) { return i > current; })[0];
    go(next != null ? next : starts[0]);
  }

  // A key sequence under way: a section letter (and the slide it was pressed on, so that its
  // digit searches from there, not from where the letter went), or item digits.
  var pending = { section: null, from: 0, digits: '', timer: 0 };
  function resetSequence() { pending.section = null; pending.digits = ''; }
  function armSequence() {
    clearTimeout(pending.timer);
    pending.timer = setTimeout(resetSequence, SEQUENCE_MS);
  }

  function digit(d) {
    if (pending.section) {
      goToSection(pending.section, d, pending.from);
      resetSequence();
      return;
    }
    // "1" goes to item 1 at once; "1" "2" in quick succession then goes on to item 12.
    var typed = pending.digits + d;
    if (pending.digits && goToItem(Number(typed))) pending.digits = typed;
    else { goToItem(d); pending.digits = String(d); }
    armSequence();
  }

  var help = document.querySelector('.key-help');
  function toggleHelp(show) {
    if (!help) return;
    help.hidden = show === undefined ? !help.hidden : !show;
    if (help.hidden) { if (document.activeElement === help) help.blur(); } else help.focus();
  }

  /// Full screen. The audience window, on a computer with a projector attached and where the
  /// browser offers the Window Management API, goes full screen on the projector (an external
  /// screen) even from the laptop's own screen: `requestFullscreen({screen})`.
  function toggleFullscreen() {
    var el = document.documentElement;
    if (document.fullscreenElement) { document.exitFullscreen(); return; }
    if (!el.requestFullscreen) return;
    var plain = function () { el.requestFullscreen().catch(function () {}); };
    if (isConsole || !window.screen.isExtended || !window.getScreenDetails) { plain(); return; }
    window.getScreenDetails().then(function (details) {
      var external = details.screens.filter(function (s) { return !s.isInternal; });
      var target = details.currentScreen.isInternal && external.length ? external[0] : details.currentScreen;
      return el.requestFullscreen({ screen: target });
    }).catch(plain);
  }

  // Clickers send PageDown/PageUp and the arrows; the same keys step the same way in a
  // right-to-left site.
  var NEXT = ['ArrowRight', 'ArrowDown', ' ', 'Spacebar', 'PageDown', 'Enter'];
  var PREVIOUS = ['ArrowLeft', 'ArrowUp', 'PageUp', 'Backspace'];

  document.addEventListener('keydown', function (e) {
    var target = e.target;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
    if (target && target.tagName === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;
    var key = e.key;
    var lower = key.length === 1 ? key.toLowerCase() : key;
    // With a Hebrew (or any non-Latin) layout active, the B key gives 'נ' and the period key
    // 'ץ': the physical key decides, as on a clicker.
    if (key.length === 1 && !/^[a-z0-9.,?]$/.test(lower) && e.code) {
      if (/^Key[A-Z]$/.test(e.code)) lower = e.code.charAt(3).toLowerCase();
      else if (e.code === 'Period') lower = '.';
      else if (e.code === 'Comma') lower = ',';
    }
    var handled = true;
    if (NEXT.indexOf(key) >= 0) go(state.slide + 1);
    else if (PREVIOUS.indexOf(key) >= 0) go(state.slide - 1);
    else if (key === 'Home') go(0);
    else if (key === 'End') go(slides.length - 1);
    else if (lower === 'b' || lower === '.') toggleScreen('black');
    else if (lower === 'w' || lower === ',') toggleScreen('clear');
    else if (lower === 'l') toggleScreen('logo');
    else if (lower === 'f') toggleFullscreen();
    else if (key === '?') toggleHelp();
    else if (key === 'Escape' && help && !help.hidden) toggleHelp(false);
    else if (/^[0-9]$/.test(key)) { digit(Number(key)); return e.preventDefault(); }
    else if (SECTION_KEYS[lower]) {
      pending.from = state.slide;
      goToSection(SECTION_KEYS[lower], null, state.slide);
      pending.section = SECTION_KEYS[lower];
      pending.digits = '';
      armSequence();
      return e.preventDefault();
    } else handled = false;
    if (handled) { e.preventDefault(); resetSequence(); }
  });

  // ---- The audience screen: taps, the pointer, full screen ----

  if (!isConsole) {
    document.addEventListener('click', function (e) {
      if (help && !help.hidden) { toggleHelp(false); return; }
      var right = e.clientX > window.innerWidth / 2;
      go(state.slide + (right ? 1 : -1));
    });
    var idleTimer = 0;
    var layer = document.querySelector('.pointer-layer') || body;
    var markIdle = function () { layer.classList.add('idle'); };
    document.addEventListener('mousemove', function () {
      if (layer.classList.contains('idle')) layer.classList.remove('idle');
      clearTimeout(idleTimer);
      idleTimer = setTimeout(markIdle, 2500);
    });
    idleTimer = setTimeout(markIdle, 2500);
    if (!document.fullscreenElement) {
      body.classList.add('show-hint');
      setTimeout(function () { body.classList.remove('show-hint'); }, 4000);
    }
  }

  // ---- Fitting the text ----

  /// The largest font size (px) at which each slide's text fits its frame, found for all
  /// slides at once: each round sets every slide's size, then reads every slide's, so the
  /// browser lays out the page once a round, not once per slide. A first round at the largest
  /// size gives each lyric slide an estimate (its lines do not wrap, so they scale with the
  /// size) and a couple of rounds around it finish; titles and free slides, which wrap, are
  /// bisected over the whole range. Each round re-shapes the text it resizes, so the fewer
  /// slides and rounds, the faster: 500 slides at 1920×1080 take a few hundred ms.
  function fit() {
    var n = slides.length;
    var bodies = slides.map(function (s) { return s.querySelector('.slide-body'); });
    var frames = slides.map(function (s) { return s.querySelector('.slide-frame'); });
    var cap = parseFloat(getComputedStyle(body).getPropertyValue('--fit-max')) || 1;
    var room = [], top = [], lo = [], hi = [], i;
    for (i = 0; i < n; i++) {
      var cs = getComputedStyle(frames[i]);
      room.push(frames[i].clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom));
      top.push(Math.max(8, slides[i].clientHeight * cap));
    }
    for (i = 0; i < n; i++) slides[i].style.setProperty('--fs', top[i] + 'px');
    for (i = 0; i < n; i++) {
      var b = bodies[i];
      var scale = Math.min(room[i] / Math.max(1, b.scrollHeight), b.clientWidth / Math.max(1, b.scrollWidth));
      if (scale >= 1) { lo.push(top[i]); hi.push(top[i]); continue; }
      if (!slides[i].classList.contains('lyrics-slide')) { lo.push(4); hi.push(top[i]); continue; }
      lo.push(Math.max(4, top[i] * scale * 0.98));
      hi.push(Math.min(top[i], top[i] * scale * 1.01));
    }
    bisect(lo, hi, bodies, room);
    // An estimate that was off (text that wraps) gets the whole range. Checked all at once:
    // every size written, then every slide read.
    for (i = 0; i < n; i++) slides[i].style.setProperty('--fs', lo[i] + 'px');
    var retry = false;
    for (i = 0; i < n; i++) {
      if (lo[i] > 4 && !fits(i, bodies, room)) { lo[i] = 4; hi[i] = top[i]; retry = true; }
    }
    if (retry) bisect(lo, hi, bodies, room);
    var size = lo.slice();
    if (body.dataset.fit !== 'slide') {
      var smallest = {};
      slides.forEach(function (s, k) {
        var g = s.dataset.group;
        smallest[g] = g in smallest ? Math.min(smallest[g], lo[k]) : lo[k];
      });
      slides.forEach(function (s, k) { size[k] = smallest[s.dataset.group]; });
    }
    slides.forEach(function (s, k) { s.style.setProperty('--fs', Math.floor(size[k] * 2) / 2 + 'px'); });
    if (isConsole) renderConsole(true);
  }

  function fits(i, bodies, room) {
    return bodies[i].scrollHeight <= room[i] && bodies[i].scrollWidth <= bodies[i].clientWidth;
  }

  /// Narrows every slide's [lo, hi] to half a pixel: lo always fits, hi may not.
  function bisect(lo, hi, bodies, room) {
    var n = slides.length, i;
    for (var round = 0; round < 16; round++) {
      var open = false;
      for (i = 0; i < n; i++) {
        if (hi[i] - lo[i] > 0.5) { open = true; slides[i].style.setProperty('--fs', ((lo[i] + hi[i]) / 2) + 'px'); }
      }
      if (!open) return;
      for (i = 0; i < n; i++) {
        if (hi[i] - lo[i] <= 0.5) continue;
        var mid = (lo[i] + hi[i]) / 2;
        if (fits(i, bodies, room)) lo[i] = mid; else hi[i] = mid;
      }
    }
  }

  var fitQueued = false;
  function refit() {
    if (fitQueued) return;
    fitQueued = true;
    requestAnimationFrame(function () { fitQueued = false; fit(); });
  }
  if (!isConsole) {
    window.addEventListener('resize', refit);
    document.addEventListener('fullscreenchange', refit);
  }

  // ---- The console ----

  var previews, orderButtons, screenButtons, clock, elapsed, consoleShown = -1;

  function renderConsole(force) {
    if (!previews) return;
    var i = state.slide;
    screenButtons.forEach(function (button) {
      button.setAttribute('aria-pressed', String(state.screen === button.dataset.action));
    });
    if (i === consoleShown && !force) return;
    consoleShown = i;
    showPreview(previews[0], i);
    var atEnd = i + 1 >= slides.length;
    body.classList.toggle('at-end', atEnd);
    body.classList.toggle('next-is-new-item', !atEnd && itemOf(i + 1) !== itemOf(i));
    showPreview(previews[1], atEnd ? -1 : i + 1);
    orderButtons.forEach(function (b) {
      var current = Number(b.dataset.goto) === i;
      if (current) {
        b.setAttribute('aria-current', 'true');
        b.scrollIntoView({ block: 'nearest' });
      } else if (b.hasAttribute('aria-current')) b.removeAttribute('aria-current');
    });
  }

  /// A copy of slide `i` in a preview box, laid out as on a 1280×720 screen and scaled down.
  function showPreview(figure, i) {
    var screen = figure.querySelector('.preview-screen');
    var label = figure.querySelector('.preview-label');
    screen.textContent = '';
    label.textContent = '';
    if (i < 0) return;
    var stage = document.createElement('div');
    stage.className = 'preview-stage';
    var copy = slides[i].cloneNode(true);
    copy.classList.remove('current');
    stage.appendChild(copy);
    screen.appendChild(stage);
    stage.style.transform = 'scale(' + screen.clientWidth / 1280 + ')';
    var title = document.querySelector('.order-item[data-item="' + itemOf(i) + '"] .order-title');
    var section = slides[i].dataset.section;
    label.textContent = (title ? title.textContent : '') + (section ? ' · ' + section.toUpperCase() : '');
  }

  function pad(n) { return n < 10 ? '0' + n : String(n); }

  function tick() {
    var now = new Date();
    clock.textContent = now.toLocaleTimeString(document.documentElement.lang, { hour: '2-digit', minute: '2-digit' });
    var s = Math.max(0, Math.floor((Date.now() - (state.started || Date.now())) / 1000));
    elapsed.textContent = (s >= 3600 ? Math.floor(s / 3600) + ':' : '') + pad(Math.floor(s / 60) % 60) + ':' + pad(s % 60);
  }

  /// Opens the audience window at once, while the click still allows a pop-up; then, where the
  /// browser offers the Window Management API, moves it to fill the other screen (the
  /// projector), where F makes it full screen.
  function openAudience() {
    var win = window.open(body.dataset.presentHref, 'lectern-audience', 'popup,width=960,height=540');
    var blocked = document.querySelector('.popup-blocked');
    if (blocked) blocked.hidden = !!win;
    if (!win || !window.getScreenDetails) return;
    window.getScreenDetails().then(function (details) {
      var other = details.screens.filter(function (s) { return s !== details.currentScreen; })[0];
      if (!other) return;
      win.moveTo(other.availLeft, other.availTop);
      win.resizeTo(other.availWidth, other.availHeight);
    }, function () { /* permission refused: a window to drag */ });
  }

  if (isConsole) {
    previews = [document.querySelector('.current-preview'), document.querySelector('.next-preview')];
    orderButtons = Array.prototype.slice.call(document.querySelectorAll('[data-goto]'));
    screenButtons = Array.prototype.slice.call(document.querySelectorAll('[data-action="black"], [data-action="clear"], [data-action="logo"]'));
    clock = document.querySelector('.clock');
    elapsed = document.querySelector('.elapsed');
    document.addEventListener('click', function (e) {
      var button = e.target.closest('button');
      if (!button) return;
      var action = button.dataset.action;
      if (button.dataset.goto) go(Number(button.dataset.goto));
      else if (action === 'next') go(state.slide + 1);
      else if (action === 'previous') go(state.slide - 1);
      else if (action === 'black' || action === 'clear' || action === 'logo') toggleScreen(action);
      else if (action === 'open-audience') openAudience();
      else if (action === 'reset-elapsed') update({ started: Date.now() });
      else if (action === 'hide-message') update({ message: '' });
      else return;
      // Keys go back to stepping the slides, not to the button just clicked.
      if (button.type === 'button') button.blur();
    });
    var form = document.querySelector('.message-form');
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      update({ message: form.querySelector('input').value.trim() });
      // Space and Enter step the slides again, not send the message twice.
      if (document.activeElement) document.activeElement.blur();
    });
    window.addEventListener('resize', function () { renderConsole(true); });
    tick();
    setInterval(tick, 1000);
  }

  fit();
  render();
  if (!restored) writeState();
  // A window opened (or reloaded) on black or logo starts there, with no fade from the slide.
  requestAnimationFrame(function () { requestAnimationFrame(function () { body.classList.remove('no-fade'); }); });
  // The page exposes its position for tests and for a page that embeds it.
  window.lecternDeck = { state: function () { return state; }, slides: slides, refit: fit };
})();
