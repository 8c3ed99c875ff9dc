// pnp serve: listen to the server's events; refresh the faces a rebuild changed, show and clear errors.
(function () {
  var page = document.body;
  function word(node, key, english) { return (node && node.getAttribute('data-word-' + key)) || english; }
  var banner = document.createElement('div');
  banner.id = 'pnp-error';
  banner.setAttribute('role', 'alert');
  banner.style.cssText = 'display:none;position:sticky;top:0;z-index:20;background:#7a1f12;color:#fff;' +
    'padding:.8rem 1rem;font:14px/1.4 ui-monospace,monospace;white-space:pre-wrap;box-shadow:0 2px 8px #0006';
  document.body.insertBefore(banner, document.body.firstChild);
  var status = document.createElement('div');
  status.id = 'pnp-live';
  status.style.cssText = 'position:fixed;right:.6rem;bottom:.4rem;font:12px system-ui;color:#2a4a63;opacity:.8';
  status.textContent = word(page, 'live', 'live');
  status.setAttribute('role', 'status');
  document.body.appendChild(status);

  // under serve each game can also be played at the virtual table
  var sections = document.querySelectorAll('section[id] > h2');
  for (var s = 0; s < sections.length; s++) {
    var section = sections[s].parentNode, lang = section.getAttribute('lang'), game = section.id;
    if (lang && game.slice(-lang.length - 1) === '-' + lang) game = game.slice(0, -lang.length - 1);
    var play = document.createElement('a');
    play.href = '/play?game=' + encodeURIComponent(game) + (lang ? '&lang=' + encodeURIComponent(lang) : '');
    play.textContent = word(section, 'play', 'play at the table');
    play.className = 'pnp-play';
    play.style.cssText = 'font-size:.6em;margin-left:1rem;font-weight:normal';
    sections[s].appendChild(play);
  }

  function path(src) { return decodeURIComponent(src.split('?')[0].replace(/^\//, '')); }

  // data-updated: the last news the page has caught up with; data-faces: the last news whose faces it
  // redrew, with data-faces-at, when they were drawn (bench/serve.py reads these)
  function refresh(news) {
    var written = {}, pending = 0, done = function (faces) {
      var now = String(performance.timeOrigin + performance.now());
      if (faces) {
        document.body.setAttribute('data-faces', JSON.stringify(
          {version: news.version, stage: news.stage, started_at: news.started_at, built_at: news.built_at,
           written: news.written}));
        document.body.setAttribute('data-faces-at', now);
      }
      document.body.setAttribute('data-updated', String(news.version));
      document.body.setAttribute('data-updated-at', now);
    };
    for (var i = 0; i < news.written.length; i++) written[news.written[i]] = true;
    var images = document.images;
    for (var k = 0; k < images.length; k++) {
      var img = images[k], src = img.getAttribute('src');
      if (!src || !written[path(src)]) continue;
      pending++;
      img.onload = img.onerror = function () { if (--pending === 0) done(true); };
      img.src = src.split('?')[0] + '?v=' + news.version;
    }
    if (pending === 0) done(false);
  }

  var source = new EventSource('/_pnp/events');
  source.onopen = function () { status.textContent = word(page, 'live', 'live'); };
  source.onerror = function () { status.textContent = word(page, 'stopped', 'server stopped'); };
  source.onmessage = function (event) {
    var news = JSON.parse(event.data);
    var seen = Number(document.body.getAttribute('data-version') || '-1');
    document.body.setAttribute('data-version', String(news.version));
    if (news.kind === 'error') {
      banner.textContent = word(page, 'broken', 'The last change could not be built; the faces below are the last good ones.') + '\n' +
        news.problems.join('\n');
      banner.style.display = 'block';
      document.body.setAttribute('data-error', 'yes');
      return;
    }
    banner.style.display = 'none';
    banner.textContent = '';
    document.body.setAttribute('data-error', 'no');
    if (seen < 0) return;  // the news this page was served with
    if (news.reload) { location.reload(); return; }
    refresh(news);
  };
})();
