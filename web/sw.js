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
    // version's files (GitHub Pages lets them be kept 10 minutes). Kept
    // with the two headers already, so that a visit gets the kept response
    // itself (see the fetch handler).
    const kept = await Promise.allSettled(FILES.map(async (file) => {
      const response = await fetch(new Request(file, { cache: 'reload' }));
      if (!response.ok) throw new Error(`sw.js: ${file}: ${response.status}`);
      await cache.put(file, isolated(response));
    }));
    // All the files or none, as cache.addAll keeps them (the cache is this
    // version's own: its name comes from a hash that covers sw.js too).
    const failed = kept.find((k) => k.status === 'rejected');
    if (failed) {
      await caches.delete(CACHE);
      throw failed.reason;
    }
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
// length and encoding of what the host sent no longer apply. The wasm gets
// its type whatever the host said (a school's file server may call it
// octet-stream), as the browser compiles it as it arrives only then.
function isolated(response) {
  if (response.status === 0) return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  if (new URL(response.url).pathname.endsWith('.wasm')) headers.set('Content-Type', 'application/wasm');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Cache first; what is not kept yet (a file this version's list lacks)
    // comes from the network and is kept.
    // The kept response is returned as it is, not a copy: the browser
    // then keeps the wasm's compiled code beside it in the cache, and a
    // second visit reads that code instead of compiling the wasm again.
    const kept = request.method === 'GET' && await cache.match(request, { ignoreSearch: true });
    if (kept) return kept;
    const fetched = await fetch(request);
    const response = isolated(fetched);
    if (request.method === 'GET' && fetched.ok && fetched.type === 'basic') {
      await cache.put(request, response.clone());
    }
    return response;
  })());
});
