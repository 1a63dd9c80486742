// Grundy Lab's service worker.
//
// It adds the two headers that make the page cross-origin isolated (so that
// its web workers may share memory) where the host cannot send them, and it
// keeps the page's files, so that a second visit opens at once and a visit
// without network opens at all. `scripts/web.sh build` writes the version
// (a hash of the page's files) and the list of files: a new version is a
// new sw.js, which the browser installs beside the old one; it fetches the
// new files into a cache of its own, then takes over and deletes the old
// cache. The page that is open keeps running the version it loaded.
const VERSION = '__VERSION__';
const FILES = ['./', /* __FILES__ */];
const CACHE = `grundy-lab-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // 'reload': past the browser's HTTP cache, which may still hold the old
    // version's files (GitHub Pages lets them be kept 10 minutes).
    await cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('grundy-lab-') && name !== CACHE) await caches.delete(name);
    }
  })());
});

// The response with the two headers. Its body is already decoded, so the
// length and encoding of what the host sent no longer apply.
function isolated(response) {
  if (response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Cache first; what is not kept yet (a file this version's list lacks)
    // comes from the network and is kept.
    const kept = request.method === 'GET' && await cache.match(request, { ignoreSearch: true });
    if (kept) return isolated(kept);
    const response = await fetch(request);
    if (request.method === 'GET' && response.ok && response.type === 'basic') {
      await cache.put(request, response.clone());
    }
    return isolated(response);
  })());
});
